import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REGIONS } from '@ferry/contracts';
import { SUPPORT_EMAIL } from '../../layout/site-links';
import { Icon, type IconName } from './icons';
import { RegionGrid } from './RegionGrid';
import { TryFreePrompt } from './TryFreePrompt';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

const VALUE_ICONS: IconName[] = ['bolt', 'pin', 'ban', 'language'];

/** `/about`: why Ferry exists, what it believes, where files live and how to reach the team. */
export default function AboutPage() {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  useDocumentTitle(t('about.title'));
  return (
    <main className="mk about">
      <section className="mk-hero mk-hero--center">
        <div className="mk-wrap mk-wrap--narrow">
          <p className="eyebrow eyebrow--plain">{t('about.eyebrow')}</p>
          <h1>{t('about.heading')}</h1>
          <p className="mk-hero__lead">{t('about.lead')}</p>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="about-story">
        <div className="mk-wrap mk-wrap--narrow mk-prose">
          <h2 id="about-story">{t('about.story.heading')}</h2>
          {copy.list('about.story.paragraphs').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="about-values">
        <div className="mk-wrap">
          <div className="mk-section__head">
            <h2 id="about-values">{t('about.values.heading')}</h2>
          </div>
          <ul className="feature-grid feature-grid--two">
            {copy.items('about.values.items').map((value, index) => (
              <li key={value.title} className="feature-card">
                <span className="feature-card__icon">
                  <Icon name={VALUE_ICONS[index] ?? 'check'} />
                </span>
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="about-regions">
        <div className="mk-wrap mk-split">
          <div>
            <h2 id="about-regions">{t('about.regions.heading')}</h2>
            <p className="mk-section__lead">{t('about.regions.text')}</p>
          </div>
          <RegionGrid regions={REGIONS} />
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="about-contact">
        <div className="mk-wrap mk-wrap--narrow">
          <div className="contact-card">
            <span className="feature-card__icon">
              <Icon name="mail" />
            </span>
            <div>
              <h2 id="about-contact">{t('about.contact.heading')}</h2>
              <p>{t('about.contact.text')}</p>
              <p className="contact-card__links">
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
                <Link to="/support">{t('about.contact.help')}</Link>
                <Link to="/affiliate-program">{t('about.contact.affiliate')}</Link>
              </p>
            </div>
          </div>
        </div>
      </section>

      <TryFreePrompt />
    </main>
  );
}
