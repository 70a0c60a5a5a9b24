import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiProblem } from '../../app/api-error';
import { BrandFrame } from '../branding/BrandFrame';
import { useGetPublicTransferQuery, type TransferAccess } from './download.api';
import { ExpiredView } from './ExpiredView';
import { PasswordGate } from './PasswordGate';
import { StateCard } from './StateCard';
import { TransferView } from './TransferView';
import './download.css';
import { SiteLink } from '../../layout/site-link';

const SLUG = /^[A-Za-z0-9]{7}$/;
/** The recipient token from the mail; anything else is not sent (the API would refuse it). */
const RECIPIENT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `/downloads/{id}/{user?}/{downloadZip?}`, `/d/{id}/{user?}` and `/w/{id}`: what a recipient
 * sees. `user` is the recipient token from the mail (the download is attributed to them);
 * `/downloads/{id}/{user}/downloadZip` starts the ZIP as soon as the files are shown.
 */
export default function DownloadPage() {
  const { t } = useTranslation('download');
  const { id = '', user, downloadZip } = useParams();
  const [password, setPassword] = useState<string | undefined>();
  const isSlugValid = SLUG.test(id);
  const access: TransferAccess = { slug: id, password, recipient: user && RECIPIENT.test(user) ? user : undefined };
  const { currentData, error, isFetching, refetch } = useGetPublicTransferQuery(access, { skip: !isSlugValid });
  const problem = error ? apiProblem(error) : null;

  function submitPassword(next: string) {
    // The same wrong password again is asked again (the cached answer would not shake the box).
    if (next === password) refetch();
    else setPassword(next);
  }

  let body: ReactNode;
  if (!isSlugValid || problem?.status === 404 || problem?.status === 400) {
    body = <StateCard title={t('download.notFound.title')} lead={t('download.notFound.lead')} />;
  } else if (currentData) {
    body = <TransferView transfer={currentData} access={access} startZip={downloadZip?.toLowerCase() === 'downloadzip'} onStale={refetch} />;
  } else if (problem?.code === 'PASSWORD_REQUIRED' || problem?.code === 'PASSWORD_INCORRECT' || problem?.code === 'TOO_MANY_ATTEMPTS' || (password !== undefined && isFetching)) {
    body = (
      <PasswordGate
        isChecking={isFetching}
        isIncorrect={!isFetching && problem?.code === 'PASSWORD_INCORRECT'}
        waitSeconds={!isFetching && problem?.code === 'TOO_MANY_ATTEMPTS' ? (problem.retryAfterSeconds ?? 60) : undefined}
        onSubmit={submitPassword}
      />
    );
  } else if (problem?.code === 'TRANSFER_EXPIRED') {
    body = <ExpiredView access={access} />;
  } else if (problem?.code === 'TRANSFER_RESTRICTED') {
    body = <StateCard title={t('download.restricted.title')} lead={t('download.restricted.lead')} />;
  } else if (problem) {
    body = (
      <StateCard title={t('download.error.title')} lead={t('download.error.lead')}>
        <button type="button" className="button" onClick={refetch} disabled={isFetching}>
          {t('download.error.retry')}
        </button>
      </StateCard>
    );
  } else {
    body = (
      <p className="page-loading" role="status">
        {t('download.loading')}
      </p>
    );
  }

  return (
    <BrandFrame
      branding={currentData?.branding}
      className="page page--narrow download-page"
      footer={
        <p className="download-page__cta">
          <SiteLink to="/">{t('download.sendYourOwn')}</SiteLink>
        </p>
      }
    >
      {body}
    </BrandFrame>
  );
}
