import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ToastRegion } from '../components/toasts';
import { FeedbackTab } from '../features/feedback/FeedbackTab';
import { Footer } from './Footer';
import { Header } from './Header';
import { useFerryHome } from './site-link';

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
      {!isCompanyHost && <FeedbackTab />}
      <ToastRegion />
    </div>
  );
}
