import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTransferCounts } from '@ferry/contracts';
import { FILTERS, TABS, type ListState } from './list-query';

interface ToolbarProps {
  state: ListState;
  counts: TTransferCounts | undefined;
  listId: string;
  onChange: (patch: Partial<ListState>) => void;
}

/** Waits this long after the last key before the search goes to the URL (and the API). */
const SEARCH_DELAY_MS = 300;

/** The search box: typing searches after a pause, Enter at once; back/forward put the URL's text back. */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('transfers');
  const id = useId();
  const [text, setText] = useState(q);
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => setText(q), [q]);
  useEffect(() => {
    if (text.trim() === q.trim()) return undefined;
    const timer = setTimeout(() => search.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);
  return (
    <form role="search" className="transfers-search" onSubmit={(e) => (e.preventDefault(), onSearch(text))}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input id={id} type="search" value={text} maxLength={200} placeholder={t('search.placeholder')} onChange={(e) => setText(e.target.value)} />
    </form>
  );
}

/** Tabs with their counts, the Unseen and Expiring filters, search and sort. */
export function TransferListToolbar({ state, counts, listId, onChange }: ToolbarProps) {
  const { t } = useTranslation('transfers');
  const sortId = useId();
  const orderId = useId();
  return (
    <div className="transfers-toolbar">
      <div role="tablist" aria-label={t('tabs.label')} className="transfers-tabs">
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={state.tab === tab && !state.filter}
            aria-controls={listId}
            className="transfers-tab"
            onClick={() => onChange({ tab, filter: null })}
          >
            {t(`tabs.${tab}`)} <span className="transfers-tab__count">{counts ? counts[tab] : '–'}</span>
          </button>
        ))}
      </div>
      <div className="transfers-toolbar__row">
        <div className="transfers-filters" role="group" aria-label={t('filters.label')}>
          {FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              className="transfers-chip"
              aria-pressed={state.filter === filter}
              onClick={() => onChange(state.filter === filter ? { filter: null, tab: 'all' } : { filter, tab: 'active' })}
            >
              {t(`filters.${filter}`)}
            </button>
          ))}
        </div>
        <SearchBox q={state.q} onSearch={(q) => onChange({ q })} />
        <div className="transfers-sort">
          <label htmlFor={sortId}>{t('sort.label')}</label>
          <select id={sortId} value={state.sort} onChange={(e) => onChange({ sort: e.target.value === 'name' ? 'name' : 'lastModified' })}>
            <option value="lastModified">{t('sort.lastModified')}</option>
            <option value="name">{t('sort.name')}</option>
          </select>
          <label htmlFor={orderId} className="visually-hidden">
            {t('sort.order')}
          </label>
          <select id={orderId} value={state.descending ? 'desc' : 'asc'} onChange={(e) => onChange({ descending: e.target.value === 'desc' })}>
            <option value="desc">{t('sort.descending')}</option>
            <option value="asc">{t('sort.ascending')}</option>
          </select>
        </div>
      </div>
    </div>
  );
}
