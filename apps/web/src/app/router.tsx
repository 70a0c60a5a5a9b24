import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { WEB_REDIRECTS } from '@ferry/contracts';
import { PublicLayout } from '../layout/PublicLayout';
import { lazyPage } from './lazy';
import { NotFoundPage } from './NotFoundPage';
import { RequireSession, RestoreSessionHome } from './route-guards';
import { PageLoading, PageReady, RouteError } from './PageStates';

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
const VerifyPage = lazyPage(() => import('../features/verify/VerifyPage'));
const loadDashLayout = () => import('../features/dash/DashLayout');
const loadDashHome = () => import('../features/dash/home/DashHomePage');
const loadTransfers = () => import('../features/dash/transfers/TransfersPage');
const loadRequests = () => import('../features/dash/requests/RequestsPage');
const loadRequestDetail = () => import('../features/dash/requests/RequestDetailPage');
const loadContacts = () => import('../features/dash/contacts/ContactsPage');
const loadAnalytics = () => import('../features/dash/analytics/AnalyticsPage');
const loadAccount = () => import('../features/dash/account/AccountPage');
const DashLayout = lazyPage(loadDashLayout);
const DashHomePage = lazyPage(loadDashHome);
const TransfersPage = lazyPage(loadTransfers);
const RequestsPage = lazyPage(loadRequests);
const RequestDetailPage = lazyPage(loadRequestDetail);
const ContactsPage = lazyPage(loadContacts);
const AnalyticsPage = lazyPage(loadAnalytics);
const AccountPage = lazyPage(loadAccount);

const DASH_PAGE_LOADERS: ReadonlyArray<readonly [RegExp, () => Promise<unknown>]> = [
  [/^\/dash\/?$/, loadDashHome],
  [/^\/dash\/transfers(\/|$)/, loadTransfers],
  [/^\/dash\/requests\/?$/, loadRequests],
  [/^\/dash\/requests\/[^/]+/, loadRequestDetail],
  [/^\/dash\/contacts/, loadContacts],
  [/^\/dash\/analytics/, loadAnalytics],
  [/^\/dash\/account/, loadAccount],
];

/**
 * A dashboard URL opened directly fetches its layout's and page's code while the session is still
 * being restored, instead of after it (the route renders them only once signed in).
 */
export function preloadDashChunks(pathname: string): void {
  if (!pathname.startsWith('/dash')) return;
  const loaders = [loadDashLayout, ...DASH_PAGE_LOADERS.filter(([path]) => path.test(pathname)).map(([, load]) => load)];
  for (const load of loaders) load().catch(() => undefined);
}

function page(node: ReactNode): ReactNode {
  return (
    <Suspense fallback={<PageLoading />}>
      {node}
      <PageReady />
    </Suspense>
  );
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
      { path: '/verify', element: page(<VerifyPage />) },
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
            {page(<DashLayout />)}
          </RequireSession>
        ),
        children: [
          { index: true, element: page(<DashHomePage />) },
          { path: 'transfers', element: page(<TransfersPage />) },
          { path: 'transfers/:slug', element: page(<TransfersPage />) },
          { path: 'requests', element: page(<RequestsPage />) },
          { path: 'requests/:slug', element: page(<RequestDetailPage />) },
          { path: 'contacts', element: page(<ContactsPage />) },
          { path: 'analytics', element: page(<AnalyticsPage />) },
          { path: 'account', element: <Navigate to="/dash/account/profile" replace /> },
          { path: 'account/:tab', element: page(<AccountPage />) },
          { path: 'roadmap/*', element: page(<RoadmapPage />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  if (typeof window !== 'undefined') preloadDashChunks(window.location.pathname);
  return createBrowserRouter(routes);
}
