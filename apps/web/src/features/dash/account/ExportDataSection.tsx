import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUser } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { useRequestDataExportMutation } from './lifecycle.api';
import { lifecycleErrorKey } from './lifecycle-errors';
import { LifecycleError } from './LifecycleError';

/** Export my data: a ZIP of JSON built in the background and mailed as a link. */
export function ExportDataSection({ user }: { user: TUser }) {
  const { t } = useTranslation('account');
  const [requestExport, { isLoading }] = useRequestDataExportMutation();
  const [isRequested, setRequested] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const titleId = useId();

  async function onExport() {
    setErrorKey(null);
    try {
      await requestExport().unwrap();
      setRequested(true);
    } catch (error) {
      setErrorKey(lifecycleErrorKey(apiProblem(error)));
    }
  }

  return (
    <section className="dash-card lifecycle-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('lifecycle.export.title')}</h3>
      <p>{t('lifecycle.export.intro')}</p>
      <button type="button" className="button" disabled={isLoading} onClick={() => void onExport()}>
        {t('lifecycle.export.submit')}
      </button>
      <p className="lifecycle-status" role="status">
        {isRequested ? t('lifecycle.export.requested', { email: user.email }) : ''}
      </p>
      <LifecycleError errorKey={errorKey} />
    </section>
  );
}
