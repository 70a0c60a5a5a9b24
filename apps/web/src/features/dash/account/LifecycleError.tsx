import { useTranslation } from 'react-i18next';

/** A lifecycle section's failure, read out when it appears. */
export function LifecycleError({ errorKey }: { errorKey: string | null }) {
  const { t } = useTranslation('account');
  if (!errorKey) return null;
  return (
    <p className="lifecycle-error" role="alert">
      {t(errorKey)}
    </p>
  );
}
