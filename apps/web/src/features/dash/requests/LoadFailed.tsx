import { useTranslation } from 'react-i18next';

/** A list that could not load: what failed and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <div className="dash-card dash-empty" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('requests.retry')}
      </button>
    </div>
  );
}
