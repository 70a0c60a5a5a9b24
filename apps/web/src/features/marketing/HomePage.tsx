import { Suspense, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { REGIONS } from '@ferry/contracts';
import { formatBytes, getPlanLimits, TRIAL_DAYS } from '@ferry/plans';
import { lazyPage } from '../../app/lazy';
import { PageLoading } from '../../app/PageStates';
import { FaqList } from './FaqList';
import { HeroIllustration } from './HeroIllustration';
import { Icon, type IconName } from './icons';
import { RegionGrid } from './RegionGrid';
import { StepsList } from './StepsList';
import { useCopy } from './use-copy';
import { useDocumentTitle } from './use-document-title';
import './marketing.css';

const loadQuickSendPanel = () => import('../quick-send/QuickSendPanel');
/**
 * Quick send (its form, verify step, upload lifecycle and done views) loads when the panel first
 * opens, or when a visitor points at or focuses a button that opens it: the page shows the
 * illustration there until then, so its first load does without that code.
 */
const QuickSendPanel = lazyPage(async () => ({ default: (await loadQuickSendPanel()).QuickSendPanel }));

const AUDIENCES: ReadonlyArray<[string, IconName]> = [
  ['sourcing', 'search'],
  ['forwarders', 'truck'],
  ['factories', 'factory'],
  ['studios', 'pen'],
  ['exhibitors', 'store'],
  ['video', 'video'],
];

const FEATURES: ReadonlyArray<[string, IconName]> = [
  ['resumable', 'resume'],
  ['regions', 'globe'],
  ['receipts', 'pin'],
  ['requests', 'inbox'],
  ['expiry', 'clock'],
  ['security', 'shield'],
  ['dashboard', 'chart'],
  ['bilingual', 'language'],
];

/** `/`: hero with the quick-send panel (opened by 'Send a file now' or `?send=1`), audiences, features, regions, FAQ, sign-up. */
export default function HomePage() {
  const { t, i18n } = useTranslation('marketing');
  const copy = useCopy();
  const [params] = useSearchParams();
  const [isOpened, setOpened] = useState(false);
  const isPanelOpen = isOpened;
  const wantsPanel = params.get('send') === '1';
  const panelRef = useRef<HTMLElement>(null);
  const shouldFocusPanel = useRef(false);
  const freeSize = formatBytes(getPlanLimits('anon').uploadLimit);

  useDocumentTitle(t('home.title'), { isFull: true });

  // `?send=1` opens the panel once the app runs, not in the first render: the prerendered home page
  // has the illustration there, and hydrating it into a panel would mismatch (React then throws the
  // page away and renders it anew, under the visitor's first key press).
  useEffect(() => {
    if (wantsPanel) setOpened(true);
  }, [wantsPanel]);

  useEffect(() => {
    if (!isPanelOpen || !shouldFocusPanel.current) return;
    shouldFocusPanel.current = false;
    panelRef.current?.focus({ preventScroll: true });
    panelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [isPanelOpen]);

  /** Fetches the panel's code and words ahead of a likely click. */
  function preloadPanel() {
    loadQuickSendPanel().catch(() => undefined);
    void i18n.loadNamespaces('send');
  }

  function openPanel() {
    shouldFocusPanel.current = true;
    setOpened(true);
    if (isPanelOpen) {
      panelRef.current?.focus({ preventScroll: true });
      panelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
    }
  }

  return (
    <main className="mk home">
      <section className="hero" aria-labelledby="home-heading">
        <div className="mk-wrap hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">
              <Icon name="sparkle" size={16} />
              {t('home.hero.eyebrow')}
            </p>
            <h1 id="home-heading">{t('home.hero.heading')}</h1>
            <p className="hero__lead">{t('home.hero.lead')}</p>
            <div className="hero__actions">
              {/* A GET form to /?send=1: a click on the prerendered page before the app has hydrated still opens quick send (by loading /?send=1); once hydrated, it opens in place. */}
              <form
                className="hero__send"
                method="get"
                action="/"
                onSubmit={(event) => {
                  event.preventDefault();
                  openPanel();
                }}
              >
                <input type="hidden" name="send" value="1" />
                <button type="submit" className="button button--large" onPointerEnter={preloadPanel} onFocus={preloadPanel} aria-expanded={isPanelOpen} aria-controls={isPanelOpen ? 'quick-send' : undefined}>
                  <Icon name="upload" size={20} />
                  {t('home.hero.send')}
                </button>
              </form>
              <Link className="button button--large button--ghost" to="/pricing">
                {t('home.hero.plans')}
              </Link>
            </div>
            <p className="hero__note">
              <Trans
                t={t}
                i18nKey="home.hero.note"
                values={{ size: freeSize }}
                components={{ send: <button type="button" className="link-button" onPointerEnter={preloadPanel} onFocus={preloadPanel} aria-controls={isPanelOpen ? 'quick-send' : undefined} onClick={openPanel} /> }}
              />
            </p>
            <ul className="hero__points">
              {(['resumable', 'regions', 'receipts'] as const).map((point) => (
                <li key={point}>
                  <Icon name="check" size={18} />
                  {t(`home.hero.points.${point}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="hero__side">
            {isPanelOpen ? (
              <section id="quick-send" ref={panelRef} tabIndex={-1} className="hero__panel" aria-label={t('home.hero.panelLabel')}>
                <Suspense fallback={<PageLoading />}>
                  <QuickSendPanel />
                </Suspense>
              </section>
            ) : (
              <HeroIllustration />
            )}
          </div>
        </div>
      </section>

      <section className="audiences" aria-labelledby="audiences-heading">
        <div className="mk-wrap">
          <h2 id="audiences-heading" className="audiences__heading">
            {t('home.audiences.heading')}
          </h2>
          <ul className="audiences__list">
            {AUDIENCES.map(([id, icon]) => (
              <li key={id} className="audiences__item">
                <Icon name={icon} size={22} />
                {t(`home.audiences.items.${id}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mk-section" aria-labelledby="features-heading">
        <div className="mk-wrap">
          <div className="mk-section__head">
            <p className="eyebrow eyebrow--plain">{t('home.features.eyebrow')}</p>
            <h2 id="features-heading">{t('home.features.heading')}</h2>
            <p className="mk-section__lead">{t('home.features.lead')}</p>
          </div>
          <ul className="feature-grid">
            {FEATURES.map(([id, icon]) => (
              <li key={id} className="feature-card">
                <span className="feature-card__icon">
                  <Icon name={icon} />
                </span>
                <h3>{t(`home.features.items.${id}.title`)}</h3>
                <p>{t(`home.features.items.${id}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mk-section mk-section--tinted" aria-labelledby="regions-heading">
        <div className="mk-wrap mk-split">
          <div>
            <p className="eyebrow eyebrow--plain">{t('home.regions.eyebrow')}</p>
            <h2 id="regions-heading">{t('home.regions.heading')}</h2>
            <p className="mk-section__lead">{t('home.regions.lead')}</p>
            <StepsList steps={copy.list('home.how.steps')} />
          </div>
          <RegionGrid regions={REGIONS} />
        </div>
      </section>

      <section className="mk-section" aria-labelledby="faq-heading">
        <div className="mk-wrap mk-wrap--narrow">
          <div className="mk-section__head">
            <h2 id="faq-heading">{t('home.faq.heading')}</h2>
          </div>
          <FaqList items={copy.items('home.faq.items', { size: freeSize })} />
        </div>
      </section>

      <section className="mk-cta" aria-labelledby="signup-heading">
        <div className="mk-cta__inner">
          <h2 id="signup-heading">{t('home.signup.heading')}</h2>
          <p>{t('home.signup.text', { days: TRIAL_DAYS })}</p>
          <div className="mk-cta__actions">
            <Link className="button button--large button--light" to="/pricing">
              {t('home.signup.primary', { days: TRIAL_DAYS })}
            </Link>
            <button type="button" className="button button--large button--outline-light" onPointerEnter={preloadPanel} onFocus={preloadPanel} onClick={openPanel}>
              {t('home.signup.secondary')}
            </button>
          </div>
          <p className="mk-cta__fine">{t('cta.fine')}</p>
        </div>
      </section>
    </main>
  );
}
