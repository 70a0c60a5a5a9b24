import type { TUser } from '@ferry/contracts';

export type DashNavKey = 'home' | 'transfers' | 'requests' | 'contacts' | 'analytics' | 'account' | 'teams' | 'billing';

export interface DashNavEntry {
  key: DashNavKey;
  to: string;
  /** Home is active only on /dash itself; the others on their path and below. */
  end: boolean;
}

const ENTRIES: readonly DashNavEntry[] = [
  { key: 'home', to: '/dash', end: true },
  { key: 'transfers', to: '/dash/transfers', end: false },
  { key: 'requests', to: '/dash/requests', end: false },
  { key: 'contacts', to: '/dash/contacts', end: false },
  { key: 'analytics', to: '/dash/analytics', end: false },
  { key: 'account', to: '/dash/account/profile', end: false },
  { key: 'teams', to: '/dash/account/teams', end: false },
  { key: 'billing', to: '/dash/account/billing', end: false },
];

/** Entries a team member does not see (PRODUCT.md section 2: Domain, Teams and Billing). */
const ADMIN_ONLY: ReadonlySet<DashNavKey> = new Set(['teams', 'billing']);

/** The side navigation of the dashboard for this user. */
export function dashNavEntries(user: Pick<TUser, 'isTeamMember'>): DashNavEntry[] {
  return ENTRIES.filter((entry) => !(user.isTeamMember && ADMIN_ONLY.has(entry.key)));
}

/** The account tabs of PRODUCT.md section 2 (`/dash/account/{tab}`; `1` is the plan/upgrade tab). */
export const ACCOUNT_TABS = ['profile', 'data-residency', 'billing', 'settings', 'teams', 'domain', 'customize', 'powered-by', '1'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export function isAccountTab(tab: string | undefined): tab is AccountTab {
  return (ACCOUNT_TABS as readonly string[]).includes(tab ?? '');
}
