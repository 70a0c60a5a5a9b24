import { useTranslation } from 'react-i18next';
import type { ApiProblem } from '../../../app/api-error';
import { useCopyText } from '../../../components/use-copy-text';

/**
 * The server's refusals a Domain tab section says in its own words (both languages): error code ->
 * i18n key in `account`. Any other answer shows the server's message.
 */
export function useProblemText(keys: Readonly<Partial<Record<string, string>>>): (problem: ApiProblem) => string {
  const { t } = useTranslation('account');
  return (problem) => {
    const key = keys[problem.code];
    return key ? t(key) : problem.message || t('domain.errors.failed');
  };
}

/** One value of a DNS record, with its own copy button (named after its column, or its record). */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('account');
  const { isCopied, copy } = useCopyText();
  return (
    <div className="domain-record__cell">
      <code className="domain-record__value">{value}</code>
      <button type="button" className="button button--ghost domain-record__copy" aria-label={isCopied ? t('domain.copied') : label} onClick={() => void copy(value)}>
        {isCopied ? t('domain.copied') : t('domain.copy')}
      </button>
    </div>
  );
}

/** Pending / Verified, in words (the colour only repeats it). */
export function StatusBadge({ isVerified }: { isVerified: boolean }) {
  const { t } = useTranslation('account');
  return <span className={`domain-badge domain-badge--${isVerified ? 'verified' : 'pending'}`}>{isVerified ? t('domain.status.verified') : t('domain.status.pending')}</span>;
}
