import { useTranslation } from 'react-i18next';
import { REGIONS, type TRegion } from '@ferry/contracts';
import { ComparisonTable } from './ComparisonTable';
import { FaqList } from './FaqList';
import { Icon, type IconName } from './icons';
import { PageHero } from './PageHero';
import { RegionGrid } from './RegionGrid';
import { StepsList } from './StepsList';
import { TryFreePrompt } from './TryFreePrompt';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

type TMarketingPage = 'send-big-files' | 'transfer-files-to-china' | 'china-trade-fairs';

const CHINA_REGIONS: readonly TRegion[] = ['oss-cn-hongkong', 'oss-cn-hangzhou', 'oss-cn-guangzhou'];

/** Which blocks each page shows beyond hero, problem, points, steps and the closing prompt. */
const PAGES: Record<TMarketingPage, { icon: IconName; pointIcons: IconName[]; hasReasons: boolean; hasComparison: boolean; regions: readonly TRegion[] | null }> = {
  'send-big-files': { icon: 'upload', pointIcons: ['bolt', 'resume', 'pin', 'lock'], hasReasons: true, hasComparison: true, regions: null },
  'transfer-files-to-china': { icon: 'globe', pointIcons: ['globe', 'resume', 'language', 'pin'], hasReasons: false, hasComparison: false, regions: CHINA_REGIONS },
  'china-trade-fairs': { icon: 'store', pointIcons: ['video', 'folder', 'inbox', 'chart'], hasReasons: true, hasComparison: false, regions: null },
};

const REASON_ICONS: IconName[] = ['globe', 'ban', 'inbox', 'chart', 'pin'];

/** The long-form landing pages on big files, China transfers and closed China trade fairs; each ends with 'Try free for 7-days'. */
export default function MarketingPage({ page }: { page: TMarketingPage }) {
  const { t } = useTranslation('marketing');
  const copy = useCopy();
  const base = `landing.${page}`;
  const config = PAGES[page];
  useDocumentTitle(t(`${base}.title`));

  return (
    <main className="mk landing">
      <PageHero
        icon={config.icon}
        eyebrow={t(`${base}.eyebrow`)}
        heading={t(`${base}.heading`)}
        lead={t(`${base}.lead`)}
        primary={{ to: '/pricing?plan=free', label: t('cta.tryFree') }}
        aside={
          <aside className="mk-callout" aria-label={t('landing.factsLabel')}>
            <ul>
              {copy.list(`${base}.facts`).map((fact) => (
                <li key={fact}>
                  <Icon name="check" size={20} />
                  {fact}
                </li>
              ))}
            </ul>
          </aside>
        }
      />

      <section className="mk-section" aria-labelledby="landing-problem">
        <div className="mk-wrap mk-wrap--narrow mk-prose">
          <h2 id="landing-problem">{t(`${base}.problem.heading`)}</h2>
          {copy.list(`${base}.problem.paragraphs`).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="landing-points">
        <div className="mk-wrap">
          <div className="mk-section__head">
            <h2 id="landing-points">{t(`${base}.points.heading`)}</h2>
          </div>
          <ul className="feature-grid feature-grid--two">
            {copy.items(`${base}.points.items`).map((point, index) => (
              <li key={point.title} className="feature-card">
                <span className="feature-card__icon">
                  <Icon name={config.pointIcons[index] ?? 'check'} />
                </span>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
          {config.regions && (
            <div className="landing__regions">
              <RegionGrid regions={REGIONS.filter((region) => config.regions?.includes(region))} />
            </div>
          )}
        </div>
      </section>

      {config.hasReasons && (
        <section className="mk-section" aria-labelledby="landing-reasons">
          <div className="mk-wrap">
            <div className="mk-section__head">
              <h2 id="landing-reasons">{t(`${base}.reasons.heading`)}</h2>
            </div>
            <ol className="reasons">
              {copy.items(`${base}.reasons.items`).map((reason, index) => (
                <li key={reason.title} className="reasons__item">
                  <span className="reasons__icon">
                    <Icon name={REASON_ICONS[index] ?? 'check'} />
                  </span>
                  <h3>{reason.title}</h3>
                  <p>{reason.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      )}

      {config.hasComparison && (
        <section className="mk-section mk-section--tinted" aria-labelledby="landing-compare">
          <div className="mk-wrap mk-wrap--narrow">
            <div className="mk-section__head">
              <h2 id="landing-compare">{t('compare.heading')}</h2>
              <p className="mk-section__lead">{t('compare.lead')}</p>
            </div>
            <ComparisonTable />
          </div>
        </section>
      )}

      <section className="mk-section" aria-labelledby="landing-steps">
        <div className="mk-wrap mk-wrap--narrow">
          <h2 id="landing-steps">{t(`${base}.steps.heading`)}</h2>
          <StepsList steps={copy.list(`${base}.steps.items`)} />
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="landing-faq">
        <div className="mk-wrap mk-wrap--narrow">
          <div className="mk-section__head">
            <h2 id="landing-faq">{t('landing.faqHeading')}</h2>
          </div>
          <FaqList items={copy.items(`${base}.faq`)} />
        </div>
      </section>

      <TryFreePrompt heading={t(`${base}.cta.heading`)} text={t(`${base}.cta.text`)} />
    </main>
  );
}
