import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../layout/site-links';
import { Icon, type IconName } from './icons';
import { StepsList } from './StepsList';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

const AUDIENCE_ICONS: IconName[] = ['search', 'handshake', 'store', 'pen'];

/** `/affiliate-program`: who the program is for, how it works, and how to apply (by email). */
export default function AffiliatePage() {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  useDocumentTitle(t('affiliate.title'));
  const applyHref = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('affiliate.applySubject'))}`;
  return (
    <main className="mk affiliate">
      <section className="mk-hero mk-hero--center">
        <div className="mk-wrap mk-wrap--narrow">
          <p className="eyebrow">
            <Icon name="handshake" size={16} />
            {t('affiliate.eyebrow')}
          </p>
          <h1>{t('affiliate.heading')}</h1>
          <p className="mk-hero__lead">{t('affiliate.lead')}</p>
          <div className="hero__actions hero__actions--center">
            <a className="button button--large" href={applyHref}>
              {t('affiliate.apply')}
            </a>
          </div>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="affiliate-who">
        <div className="mk-wrap">
          <div className="mk-section__head">
            <h2 id="affiliate-who">{t('affiliate.who.heading')}</h2>
          </div>
          <ul className="feature-grid">
            {copy.items('affiliate.who.items').map((item, index) => (
              <li key={item.title} className="feature-card">
                <span className="feature-card__icon">
                  <Icon name={AUDIENCE_ICONS[index] ?? 'check'} />
                </span>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="affiliate-how">
        <div className="mk-wrap mk-split">
          <div>
            <h2 id="affiliate-how">{t('affiliate.how.heading')}</h2>
            <StepsList steps={copy.list('affiliate.how.steps')} />
          </div>
          <div className="mk-callout">
            <h3>{t('affiliate.terms.heading')}</h3>
            <ul>
              {copy.list('affiliate.terms.items').map((term) => (
                <li key={term}>
                  <Icon name="check" size={20} />
                  {term}
                </li>
              ))}
            </ul>
            <a className="button" href={applyHref}>
              {t('affiliate.apply')}
            </a>
          </div>
        </div>
      </section>
    </main>
  );
}
