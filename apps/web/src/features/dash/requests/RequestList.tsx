import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '@ferry/plans';
import type { TRequestSummary } from '@ferry/contracts';
import { useDateTimeFormat } from '../../download/format-date';
import { CopyLinkButton } from './CopyLinkButton';

/** 'Expires …', 'Open until deleted' or 'Expired', as a request's row and detail say it. */
export function useRequestState(): (request: Pick<TRequestSummary, 'state' | 'expiryDate'>) => string {
  const { t } = useTranslation('inbox');
  const formatDate = useDateTimeFormat();
  return (request) => {
    if (request.state === 'expired') return t('requests.expired');
    return request.expiryDate === null ? t('requests.openUntilDeleted') : t('requests.expires', { date: formatDate(request.expiryDate) });
  };
}

function RequestRow({ request }: { request: TRequestSummary }) {
  const { t } = useTranslation('inbox');
  const formatDate = useDateTimeFormat();
  const stateOf = useRequestState();
  return (
    <li className={`requests-row${request.state === 'expired' ? ' requests-row--expired' : ''}`}>
      <div className="requests-row__main">
        <Link className="requests-row__title" to={`/dash/requests/${request.slug}`}>
          {request.title}
        </Link>
        <span className="hint">
          {t('requests.created', { date: formatDate(request.createdAt) })} · {stateOf(request)}
        </span>
      </div>
      <div className="requests-row__received">
        <strong>{t('requests.filesReceived', { count: request.fileCount })}</strong>
        <span className="hint">{request.fileCount > 0 ? formatBytes(request.totalBytes) : t('requests.nothingYet')}</span>
      </div>
      <CopyLinkButton url={request.url} label={t('requests.copyLinkOf', { title: request.title })} />
    </li>
  );
}

/** The requester's requests, newest first, each with the files received. */
export function RequestList({ items }: { items: TRequestSummary[] }) {
  const { t } = useTranslation('inbox');
  return (
    <ul className="dash-card requests-list" aria-label={t('requests.listLabel')}>
      {items.map((request) => (
        <RequestRow key={request.id} request={request} />
      ))}
    </ul>
  );
}
