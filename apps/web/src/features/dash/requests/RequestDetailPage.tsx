import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatBytes } from '@ferry/plans';
import { PageLoading } from '../../../app/PageStates';
import { useDocumentTitle } from '../../marketing/use-document-title';
import { CopyLinkButton } from './CopyLinkButton';
import { useMyRequestQuery } from './dash-requests.api';
import { DeleteRequest } from './DeleteRequest';
import { RequestFiles } from './RequestFiles';
import { useRequestState } from './RequestList';
import { useRequestDownload } from './use-request-download';
import './requests.css';

/**
 * /dash/requests/{slug}: the request, its link, the files that arrived (live: the bell's SSE alert
 * for an upload invalidates 'Requests'), download one or all, delete.
 */
export default function RequestDetailPage() {
  const { t } = useTranslation('inbox');
  const slug = useParams()['slug'] ?? '';
  const { data: request, isLoading, isError } = useMyRequestQuery(slug, { skip: slug === '' });
  const { download, busy } = useRequestDownload(slug);
  const stateOf = useRequestState();
  useDocumentTitle(request?.title ?? t('requests.title'));

  const back = (
    <Link className="request-detail__back" to="/dash/requests">
      {t('detail.back')}
    </Link>
  );
  if (isLoading) return <PageLoading />;
  if (isError || !request) {
    return (
      <div className="dash-card dash-empty" role="alert">
        <p>{t('detail.notFound')}</p>
        {back}
      </div>
    );
  }

  return (
    <div className="request-detail">
      {back}
      <div className="dash-page__head">
        <h1 className="dash-page__title">{request.title}</h1>
        <DeleteRequest slug={request.slug} title={request.title} />
      </div>
      <section className="dash-card request-detail__info" aria-label={t('detail.aboutLabel')}>
        {request.message ? <p className="request-detail__message">{request.message}</p> : null}
        <p className="hint">{stateOf(request)}</p>
        <div className="requests-created__link">
          <input readOnly aria-label={t('requests.linkLabel')} value={request.url} onFocus={(e) => e.currentTarget.select()} />
          <CopyLinkButton url={request.url} />
        </div>
      </section>
      <section className="dash-card request-detail__files" aria-labelledby="request-files-title">
        <div className="dash-page__head">
          <h2 id="request-files-title" className="requests-form__title">
            {t('requests.filesReceived', { count: request.fileCount })}
            {request.fileCount > 0 ? <span className="hint"> · {formatBytes(request.totalBytes)}</span> : null}
          </h2>
          {request.files.length > 0 ? (
            <button type="button" className="button" disabled={busy !== null} onClick={() => void download('all')}>
              {t('detail.downloadAll')}
            </button>
          ) : null}
        </div>
        {request.files.length > 0 ? (
          <RequestFiles files={request.files} busy={busy} onDownload={(fileId) => void download(fileId)} />
        ) : (
          <p className="dash-empty">{t('detail.noFiles')}</p>
        )}
      </section>
    </div>
  );
}
