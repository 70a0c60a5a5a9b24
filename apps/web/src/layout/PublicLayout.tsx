import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { lazyPage } from '../app/lazy';
import { ToastRegion } from '../components/toasts';
import { FEEDBACK_DELAY_MS } from '../features/feedback/feedback-rules';
import { Footer } from './Footer';
import { Header } from './Header';
import { useFerryHome } from './site-link';

const FeedbackWidget = lazyPage(async () => ({ default: (await import('../features/feedback/FeedbackWidget')).FeedbackWidget }));

/** The feedback tab's code (its form, the email check, its API) loads when the tab is due to appear, not with the page. */
function DelayedFeedbackWidget() {
  const [isDue, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), FEEDBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!isDue) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackWidget delayMs={0} />
    </Suspense>
  );
}

/** Every page: header, the page, footer, and the feedback widget (not on a company's download host). */
export function PublicLayout() {
  const { t } = useTranslation();
  // On a company's download host the feedback form has no API to reach (only download and request calls are served there).
  const isCompanyHost = useFerryHome() !== null;
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <div id="main" className="app-main">
        <Outlet />
      </div>
      <Footer />
      {!isCompanyHost && <DelayedFeedbackWidget />}
      <ToastRegion />
    </div>
  );
}
