import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { WEB_REDIRECTS } from '@ferry/contracts';
import { PublicLayout } from '../layout/PublicLayout';
import { lazyPage } from './lazy';
import { NotFoundPage } from './NotFoundPage';
import { RequireSession, RestoreSessionHome } from './route-guards';
import { PageLoading, RouteError } from './PageStates';

const HomePage = lazyPage(() => import('../features/marketing/HomePage'));
const PricingPage = lazyPage(() => import('../features/marketing/PricingPage'));
const AboutPage = lazyPage(() => import('../features/marketing/AboutPage'));
const UpdatesPage = lazyPage(() => import('../features/marketing/UpdatesPage'));
const RoadmapPage = lazyPage(() => import('../features/marketing/RoadmapPage'));
const SupportPage = lazyPage(() => import('../features/marketing/SupportPage'));
const FeaturePage = lazyPage(() => import('../features/marketing/FeaturePage'));
const AffiliatePage = lazyPage(() => import('../features/marketing/AffiliatePage'));
const ThankYouPage = lazyPage(() => import('../features/marketing/ThankYouPage'));
const LifetimeDealPage = lazyPage(() => import('../features/marketing/LifetimeDealPage'));
const MarketingPage = lazyPage(() => import('../features/marketing/MarketingPage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const UpdatePasswordPage = lazyPage(() => import('../features/auth/UpdatePasswordPage'));
const InvitePage = lazyPage(() => import('../features/auth/InvitePage'));
const DownloadPage = lazyPage(() => import('../features/download/DownloadPage'));
const RequestPage = lazyPage(() => import('../features/requests/RequestPage'));
const ExtensionPage = lazyPage(() => import('../features/extension/ExtensionPage'));
const DashPage = lazyPage(() => import('../features/dash/DashPage'));

function page(node: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoading />}>{node}</Suspense>;
}

/** Keeps the query string when a path redirects (e.g. /signup?plan=free to pricing). */
function RedirectTo({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** Every public route of PRODUCT.md section 2 with its aliases; the same list as `isWebRoute` in contracts. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: page(<RestoreSessionHome><HomePage /></RestoreSessionHome>) },
      { path: '/index.html', element: <RedirectTo to="/" /> },
      { path: '/register', element: page(<RegisterPage />) },
      { path: '/affiliate-program', element: page(<AffiliatePage />) },
      { path: '/about', element: page(<AboutPage />) },
      { path: '/updates', element: page(<UpdatesPage />) },
      { path: '/roadmap/*', element: page(<RoadmapPage />) },
      { path: '/support/*', element: page(<SupportPage />) },
      { path: '/pricing', element: page(<PricingPage />) },
      { path: '/signup', element: page(<PricingPage />) },
      { path: '/welcomeback', element: page(<PricingPage />) },
      { path: '/login', element: page(<LoginPage />) },
      { path: '/signup/login', element: page(<LoginPage />) },
      { path: '/thankyou', element: page(<ThankYouPage />) },
      { path: '/accept-invite', element: page(<ThankYouPage />) },
      { path: '/thankyou2', element: page(<ThankYouPage variant="second" />) },
      { path: '/lifetime-deal', element: page(<LifetimeDealPage />) },
      { path: '/invite/:id', element: page(<InvitePage />) },
      { path: '/extension/:id', element: page(<ExtensionPage />) },
      { path: '/downloads/:id/:user?/:downloadZip?', element: page(<DownloadPage />) },
      { path: '/d/:id/:user?', element: page(<DownloadPage />) },
      { path: '/w/:id', element: page(<DownloadPage />) },
      { path: '/r/:id', element: page(<RequestPage />) },
      { path: '/updatepassword', element: page(<UpdatePasswordPage />) },
      { path: '/product/:feature', element: page(<FeaturePage />) },
      { path: '/send-big-files', element: page(<MarketingPage page="send-big-files" />) },
      { path: '/transfer-files-to-china', element: page(<MarketingPage page="transfer-files-to-china" />) },
      { path: '/china-trade-fairs', element: page(<MarketingPage page="china-trade-fairs" />) },
      ...Object.entries(WEB_REDIRECTS).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
      {
        path: '/dash',
        element: (
          <RequireSession>
            <Outlet />
          </RequireSession>
        ),
        children: [{ path: '*', element: page(<DashPage />) }, { index: true, element: page(<DashPage />) }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
