import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../components/use-copy-text';

/** Copies a request's `/r/{slug}` link; says 'Copied!' once it is on the clipboard (else shows it to copy by hand). */
export function CopyLinkButton({ url, label }: { url: string; label?: string }) {
  const { t } = useTranslation('inbox');
  const { isCopied, copy } = useCopyText();
  const onClick = async () => {
    if (!(await copy(url))) window.prompt(t('requests.copyFallback'), url);
  };
  return (
    <button type="button" className="button button--ghost requests-copy" aria-label={label ?? t('requests.copyLink')} onClick={() => void onClick()}>
      <span aria-live="polite">{isCopied ? t('requests.copied') : t('requests.copyLink')}</span>
    </button>
  );
}
