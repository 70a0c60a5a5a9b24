import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ToastRegion } from '../components/toasts';
import { FeedbackWidget } from '../features/feedback/FeedbackWidget';
import { Footer } from './Footer';
import { Header } from './Header';

/** Every page: header, the page, footer, and the feedback widget. */
export function PublicLayout() {
  const { t } = useTranslation();
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
      <FeedbackWidget />
      <ToastRegion />
    </div>
  );
}
