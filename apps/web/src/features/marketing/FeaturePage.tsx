import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FEATURE_PAGES, type TFeaturePage } from '@ferry/contracts';
import { NotFoundPage } from '../../app/NotFoundPage';
import { Icon, type IconName } from './icons';
import { PageHero } from './PageHero';
import { StepsList } from './StepsList';
import { TryFreePrompt } from './TryFreePrompt';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

const FEATURE_ICONS: Record<TFeaturePage, IconName> = {
  'supplier-document-tracking': 'truck',
  'document-receipts': 'receipt',
  'attachments-organized': 'folder',
  'dashboard-analytics': 'chart',
  'business-intelligence': 'pin',
  'works-everywhere': 'device',
};
const POINT_ICONS: IconName[] = ['check', 'bell', 'clock'];

function isFeaturePage(value: string | undefined): value is TFeaturePage {
  return (FEATURE_PAGES as readonly string[]).includes(value ?? '');
}

function Feature({ feature }: { feature: TFeaturePage }) {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  const base = `features.${feature}`;
  useDocumentTitle(t(`${base}.name`));
  return (
    <main className="mk feature-page">
      <PageHero
        icon={FEATURE_ICONS[feature]}
        eyebrow={t(`${base}.name`)}
        heading={t(`${base}.heading`)}
        lead={t(`${base}.lead`)}
        primary={{ to: '/pricing', label: t('features.startTrial') }}
        aside={
          <div className="feature-visual" aria-hidden="true">
            <span className="feature-visual__ring feature-visual__ring--outer" />
            <span className="feature-visual__ring" />
            <span className="feature-visual__icon">
              <Icon name={FEATURE_ICONS[feature]} size={64} />
            </span>
          </div>
        }
      />

      <section className="mk-section" aria-labelledby="feature-points-heading">
        <div className="mk-wrap">
          <h2 id="feature-points-heading" className="visually-hidden">
            {t('features.pointsHeading')}
          </h2>
          <ul className="feature-grid feature-grid--three">
            {copy.items(`${base}.points`).map((point, index) => (
              <li key={point.title} className="feature-card">
                <span className="feature-card__icon">
                  <Icon name={POINT_ICONS[index % POINT_ICONS.length] ?? 'check'} />
                </span>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="feature-how-heading">
        <div className="mk-wrap mk-wrap--narrow">
          <h2 id="feature-how-heading">{t('features.howHeading')}</h2>
          <StepsList steps={copy.list(`${base}.steps`)} />
        </div>
      </section>

      <section className="mk-section" aria-labelledby="feature-more-heading">
        <div className="mk-wrap">
          <h2 id="feature-more-heading">{t('features.moreHeading')}</h2>
          <ul className="related-grid">
            {FEATURE_PAGES.filter((other) => other !== feature).map((other) => (
              <li key={other}>
                <Link className="related-card" to={`/product/${other}`}>
                  <Icon name={FEATURE_ICONS[other]} />
                  <span>
                    <strong>{t(`features.${other}.name`)}</strong>
                    <span>{t(`features.${other}.summary`)}</span>
                  </span>
                  <Icon name="arrowRight" size={18} className="related-card__arrow" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <TryFreePrompt />
    </main>
  );
}

/** `/product/:feature`: one of the six feature pages; any other name is the not-found page. */
export default function FeaturePage() {
  const { feature } = useParams();
  if (!isFeaturePage(feature)) return <NotFoundPage />;
  return <Feature key={feature} feature={feature} />;
}
