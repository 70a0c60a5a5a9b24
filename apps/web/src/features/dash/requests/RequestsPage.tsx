import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCreatedRequest } from '@ferry/contracts';
import { PageLoading } from '../../../app/PageStates';
import { useDocumentTitle } from '../../marketing/use-document-title';
import { CreatedRequest } from './CreatedRequest';
import { LoadFailed } from './LoadFailed';
import { REQUESTS_PAGE_SIZE, useMyRequestsQuery } from './dash-requests.api';
import { NewRequestForm } from './NewRequestForm';
import { Pager } from './Pager';
import { RequestList } from './RequestList';
import './requests.css';

/** /dash/requests: create a request and share its link; the requests with the files each received. */
export default function RequestsPage() {
  const { t } = useTranslation('inbox');
  useDocumentTitle(t('requests.title'));
  const [skip, setSkip] = useState(0);
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<TCreatedRequest | null>(null);
  const { data, isLoading, isError, refetch } = useMyRequestsQuery({ skip });

  const startCreating = () => {
    setCreated(null);
    setCreating(true);
  };
  const isEmpty = data !== undefined && data.total === 0;

  return (
    <div className="requests-page">
      <div className="dash-page__head">
        <h1 className="dash-page__title">{t('requests.title')}</h1>
        {isCreating || !data || isEmpty ? null : (
          <button type="button" className="button" onClick={startCreating}>
            {t('requests.new')}
          </button>
        )}
      </div>
      {isCreating ? (
        <NewRequestForm
          onCreated={(request) => {
            setCreated(request);
            setCreating(false);
            setSkip(0);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      {created ? <CreatedRequest created={created} onClose={() => setCreated(null)} /> : null}
      {isLoading ? <PageLoading /> : null}
      {isError ? <LoadFailed message={t('requests.loadFailed')} onRetry={() => void refetch()} /> : null}
      {isEmpty && !isCreating ? (
        <div className="dash-card dash-empty">
          <h2 className="requests-empty__title">{t('requests.emptyTitle')}</h2>
          <p>{t('requests.emptyText')}</p>
          <button type="button" className="button" onClick={startCreating}>
            {t('requests.new')}
          </button>
        </div>
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <RequestList items={data.items} />
          <Pager skip={skip} size={REQUESTS_PAGE_SIZE} total={data.total} onSkip={setSkip} />
        </>
      ) : null}
    </div>
  );
}
