import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../marketing/use-document-title';
import { listQueryOf, readListState, writeListState, type ListState } from './list-query';
import { TransferListPager } from './TransferListPager';
import { TransferListToolbar } from './TransferListToolbar';
import { TransferModal } from './TransferModal';
import { TransferRow } from './TransferRow';
import { useListTransfersQuery } from './transfers.api';
import './transfers.css';

/** Nothing to list: no transfers yet, or none that match the search or filter. */
function EmptyList({ isNarrowed }: { isNarrowed: boolean }) {
  const { t } = useTranslation('transfers');
  return (
    <div className="dash-card dash-empty">
      <p className="transfers-empty__title">{isNarrowed ? t('empty.noMatch') : t('empty.title')}</p>
      {isNarrowed ? null : (
        <Link className="button" to="/dash">
          {t('empty.send')}
        </Link>
      )}
    </div>
  );
}

/**
 * /dash/transfers: tabs with counts, Unseen and Expiring, search, sort, 30 a page, all kept in the
 * URL query; /dash/transfers/{slug} opens the TransferModal over the list.
 */
export default function TransfersPage() {
  const { t } = useTranslation('transfers');
  useDocumentTitle(t('title'));
  const { slug } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const listId = useId();
  const state = readListState(params);
  const { data, isError, isFetching, refetch } = useListTransfersQuery(listQueryOf(state));
  const items = data?.items ?? [];
  const isNarrowed = state.q.trim() !== '' || state.filter !== null;

  const change = (patch: Partial<ListState>) => setParams(writeListState({ ...state, page: 1, ...patch }));
  const closeModal = () => navigate({ pathname: '/dash/transfers', search });

  return (
    <>
      <div className="dash-page__head">
        <h1 className="dash-page__title">{t('title')}</h1>
      </div>
      <TransferListToolbar state={state} counts={data?.counts} listId={listId} onChange={change} />
      <div id={listId} role="tabpanel" aria-busy={isFetching} className="transfers-panel">
        {isError ? (
          <div className="dash-card dash-empty" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="button button--ghost" onClick={() => void refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : data && items.length === 0 ? (
          <EmptyList isNarrowed={isNarrowed} />
        ) : (
          <ul className="transfer-list" aria-label={t('listLabel')}>
            {items.map((transfer) => (
              <TransferRow key={transfer._id} transfer={transfer} search={search} />
            ))}
          </ul>
        )}
      </div>
      <TransferListPager
        page={state.page}
        total={isNarrowed || !data ? null : data.counts[state.tab]}
        shown={items.length}
        onPage={(page) => setParams(writeListState({ ...state, page }))}
      />
      {slug ? <TransferModal slug={slug} onClose={closeModal} /> : null}
    </>
  );
}
