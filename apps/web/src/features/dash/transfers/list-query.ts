import type { TTransferListQuery } from '@ferry/contracts';

/** 30 a page: the API's default page size (PRODUCT.md section 9). */
export const PAGE_SIZE = 30;

export const TABS = ['all', 'active', 'expired', 'shared'] as const;
export type TransferTab = (typeof TABS)[number];
export const FILTERS = ['unseen', 'expiring'] as const;
export type TransferFilter = (typeof FILTERS)[number];
export type SortKey = 'lastModified' | 'name';

/** What the list shows, kept in the URL query so back/forward and reload give the same list. */
export interface ListState {
  tab: TransferTab;
  /** Unseen and Expiring narrow Active (both are active transfers by definition). */
  filter: TransferFilter | null;
  q: string;
  sort: SortKey;
  /** Descending unless `dir=asc` (PRODUCT.md: dashboard lists sort descending by default). */
  descending: boolean;
  /** 1-based. */
  page: number;
}

const pick = <T extends string>(values: readonly T[], raw: string | null): T | null => (values as readonly string[]).includes(raw ?? '') ? (raw as T) : null;

/** The list state from the URL; anything unknown or malformed falls back to the default. */
export function readListState(params: URLSearchParams): ListState {
  const filter = pick(FILTERS, params.get('filter'));
  const page = Number(params.get('page'));
  return {
    tab: filter ? 'active' : (pick(TABS, params.get('tab')) ?? 'all'),
    filter,
    q: (params.get('q') ?? '').slice(0, 200),
    sort: params.get('sort') === 'name' ? 'name' : 'lastModified',
    descending: params.get('dir') !== 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query of a list state, leaving out what is the default (a clean `/dash/transfers` is the default list). */
export function writeListState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.filter) params.set('filter', state.filter);
  else if (state.tab !== 'all') params.set('tab', state.tab);
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.sort !== 'lastModified') params.set('sort', state.sort);
  if (!state.descending) params.set('dir', 'asc');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The `GET /transfers` query of a list state: the filter (a chip wins over the tab), the sort, the page as skip/limit. */
export function listQueryOf(state: ListState): Pick<TTransferListQuery, 'filter' | 'sort' | 'skip' | 'limit'> & { search?: string } {
  const search = state.q.trim();
  return {
    filter: state.filter ?? state.tab,
    sort: `${state.descending ? '-' : ''}${state.sort}`,
    skip: (state.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...(search ? { search } : {}),
  };
}

/** How many pages a tab's count makes (at least one, so the empty state has a page). */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
