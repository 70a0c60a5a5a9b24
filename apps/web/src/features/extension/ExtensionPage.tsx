import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useDateTimeFormat } from '../download/format-date';
import { useExtendLinkMutation } from './extension.api';
import '../download/download.css';

/**
 * `/extension/{id}`: the sender opened the extension link from the expiry mail. The token is
 * posted once on load; the transfer gets 48 more hours and its recipients are told.
 */
export default function ExtensionPage() {
  const { t } = useTranslation('download');
  const { id = '' } = useParams();
  const formatDate = useDateTimeFormat();
  const [extend, { data, isError }] = useExtendLinkMutation();
  const posted = useRef(false);

  useEffect(() => {
    // The link works once: a second post (a re-render, StrictMode) would answer 'Link expired'.
    if (posted.current) return;
    posted.current = true;
    void extend(id);
  }, [extend, id]);

  let body;
  if (data) {
    body = (
      <>
        <h1>{t('extension.successTitle')}</h1>
        <p className="lead">{t('extension.successSubtitle', { date: formatDate(data.expiryDate) })}</p>
        <p className="hint">{t('extension.recipientsTold')}</p>
        <Link className="button" to="/dash/account/profile">
          {t('extension.myAccount')}
        </Link>
      </>
    );
  } else if (isError) {
    body = (
      <>
        <h1>{t('extension.failedTitle')}</h1>
        <p className="lead">{t('extension.failedSubtitle')}</p>
      </>
    );
  } else {
    body = (
      <p className="page-loading" role="status">
        {t('extension.extending')}
      </p>
    );
  }

  return (
    <main className="page page--narrow download-page">
      <section className="card download-state" aria-live="polite">
        {body}
      </section>
    </main>
  );
}
