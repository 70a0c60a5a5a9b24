import { DOWNLOAD_HOST_ROUTES, SENDING_DOMAIN_ROUTES, type HttpRoute, type TDownloadHost, type TSendingDomain } from '@ferry/contracts';
import type { Lang } from '../../../i18n/resources';
import { createStore } from '../../../app/store';
import { signedIn } from '../../../app/session.slice';
import { ToastRegion } from '../../../components/toasts';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway, type StubAnswer, type StubRoutes } from '../../download/stub-gateway';
import AccountPage from './AccountPage';

/** The stub's key of a route, from the contract (`'POST /api/v1/me/download-host'`). */
const keyOf = (route: HttpRoute) => `${route.method.toUpperCase()} /api/v1${route.path}`;

/** The stub's keys of one Domain tab section's four routes. */
interface SettingRoutes {
  GET: string;
  SET: string;
  CHECK: string;
  REMOVE: string;
}

export const HOST_ROUTES: SettingRoutes = {
  GET: keyOf(DOWNLOAD_HOST_ROUTES.getDownloadHost),
  SET: keyOf(DOWNLOAD_HOST_ROUTES.setDownloadHost),
  CHECK: keyOf(DOWNLOAD_HOST_ROUTES.checkDownloadHost),
  REMOVE: keyOf(DOWNLOAD_HOST_ROUTES.removeDownloadHost),
};

export const SENDING_ROUTES: SettingRoutes = {
  GET: keyOf(SENDING_DOMAIN_ROUTES.getSendingDomain),
  SET: keyOf(SENDING_DOMAIN_ROUTES.setSendingDomain),
  CHECK: keyOf(SENDING_DOMAIN_ROUTES.checkSendingDomain),
  REMOVE: keyOf(SENDING_DOMAIN_ROUTES.removeSendingDomain),
};

export const CHECKED_AT = Date.UTC(2026, 11, 8, 10, 30);

/** No host yet: the download-host section shows its form only. */
export const NO_HOST: TDownloadHost = {
  host: null,
  status: 'none',
  cnameTarget: 'cname.ferry.example',
  problem: null,
  found: null,
  checkedAt: null,
  verifiedAt: null,
  linkOrigin: 'https://ferry.example',
  canUse: true,
  isEditable: true,
};

/** No sending domain yet: the sending section shows its form only (no table, no Pending, no Check now). */
export const NO_SENDING: TSendingDomain = {
  domain: null,
  status: 'none',
  records: [],
  problems: [],
  fromAddress: null,
  checkedAt: null,
  verifiedAt: null,
  canUse: true,
  isEditable: true,
};

/** A test's own answers instead of the stub's: to the GET, to setting the typed name, and the setting a check finds. */
export interface SettingAnswers<T> {
  get?: () => StubAnswer;
  set?: (name: string) => StubAnswer;
  check?: () => T;
}

/**
 * One section's routes as the identity service answers them: the GET follows what setting (the body's
 * `field`: host, domain), checking and removing did; `saved` and `removed` are the setting after each.
 */
function settingRoutes<T>(
  routes: SettingRoutes,
  initial: T,
  { field, saved, removed }: { field: string; saved: (current: T, name: string) => T; removed: (current: T) => T },
  answers: SettingAnswers<T>,
): StubRoutes {
  let current = initial;
  return {
    [routes.GET]: () => answers.get?.() ?? { status: 200, body: current },
    [routes.SET]: (call) => {
      const name = (call.body as Record<string, string>)[field] ?? '';
      const answer = answers.set?.(name) ?? { status: 200, body: saved(current, name) };
      if (answer.status === 200) current = answer.body as T;
      return answer;
    },
    [routes.CHECK]: () => {
      current = answers.check?.() ?? current;
      return { status: 200, body: current };
    },
    [routes.REMOVE]: () => {
      current = removed(current);
      return { status: 200, body: current };
    },
  };
}

/** The download host's routes: a saved host is pending, with no CNAME found yet. */
export function downloadHostRoutes(initial: TDownloadHost, answers: SettingAnswers<TDownloadHost> = {}): StubRoutes {
  return settingRoutes<TDownloadHost>(
    HOST_ROUTES,
    initial,
    {
      field: 'host',
      saved: (current, host) => ({ ...current, host, status: 'pending', problem: 'NO_CNAME', checkedAt: CHECKED_AT }),
      removed: (current) => ({ ...current, host: null, status: 'none', problem: null, found: null, checkedAt: null, verifiedAt: null }),
    },
    answers,
  );
}

/** The sending domain's routes: a saved domain is pending (a test's `set` gives its records). */
export function sendingDomainRoutes(initial: TSendingDomain, answers: SettingAnswers<TSendingDomain> = {}): StubRoutes {
  return settingRoutes<TSendingDomain>(SENDING_ROUTES, initial, { field: 'domain', saved: (current, domain) => ({ ...current, domain, status: 'pending' }), removed: () => NO_SENDING }, answers);
}

/** The gateway behind the Domain tab: both sections' routes, each nothing set yet unless given. */
export function stubDomainTab(routes: { host?: StubRoutes; sending?: StubRoutes }) {
  return stubGateway({ ...(routes.host ?? downloadHostRoutes(NO_HOST)), ...(routes.sending ?? sendingDomainRoutes(NO_SENDING)) });
}

/** The account page at its Domain tab (or `tab`), for a Business admin (or a team member), with its toasts. */
export function renderTab(options: { lang?: Lang; isTeamMember?: boolean; tab?: string } = {}) {
  const user = userFixture({ fullName: 'Ada Lovelace', role: 'BM', plan: 'BM', isTeamMember: options.isTeamMember ?? false });
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user }));
  return renderWithApp(
    <>
      <AccountPage />
      <ToastRegion />
    </>,
    { route: `/dash/account/${options.tab ?? 'domain'}`, path: '/dash/account/:tab', store, lang: options.lang },
  );
}
