import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../layout/site-links';
import { Icon } from './icons';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

const STAGES = ['now', 'next', 'later'] as const;

/** `/roadmap/*`: what the team is building now, next and later. */
export default function RoadmapPage() {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  useDocumentTitle(t('roadmap.title'));
  return (
    <main className="mk roadmap">
      <section className="mk-hero mk-hero--center">
        <div className="mk-wrap mk-wrap--narrow">
          <p className="eyebrow eyebrow--plain">{t('roadmap.eyebrow')}</p>
          <h1>{t('roadmap.heading')}</h1>
          <p className="mk-hero__lead">{t('roadmap.lead')}</p>
        </div>
      </section>
      <section className="mk-section mk-section--flush">
        <div className="mk-wrap roadmap__board">
          {STAGES.map((stage) => (
            <section key={stage} className={`roadmap__column roadmap__column--${stage}`} aria-labelledby={`roadmap-${stage}`}>
              <h2 id={`roadmap-${stage}`}>
                <span className="roadmap__dot" aria-hidden="true" />
                {t(`roadmap.stages.${stage}.name`)}
              </h2>
              <p className="roadmap__hint">{t(`roadmap.stages.${stage}.hint`)}</p>
              <ul>
                {copy.items(`roadmap.stages.${stage}.items`).map((item) => (
                  <li key={item.title} className="roadmap__card">
                    <h3>{item.title}</h3>
                    <p>{item.text}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="mk-wrap mk-wrap--narrow">
          <p className="roadmap__suggest">
            <Icon name="mail" size={20} />
            <span>
              {t('roadmap.suggest')} <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('roadmap.suggestSubject'))}`}>{SUPPORT_EMAIL}</a>
            </span>
          </p>
        </div>
      </section>
    </main>
  );
}
