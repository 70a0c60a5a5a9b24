import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../components/use-copy-text';

/** The transfer's download link, read-only, with Copy link ('Link Copied!' once it is on the clipboard). */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation('transfers');
  const id = useId();
  const { isCopied, copy: copyText } = useCopyText();
  async function copy() {
    // Without clipboard access the link is selected for the user to copy.
    if (!(await copyText(url))) document.getElementById(id)?.focus();
  }
  return (
    <div className="field transfer-link">
      <label htmlFor={id}>{t('modal.link')}</label>
      <div className="row">
        <input id={id} readOnly value={url} onFocus={(e) => e.target.select()} />
        <button type="button" className="button" onClick={() => void copy()}>
          {isCopied ? t('modal.copied') : t('modal.copy')}
        </button>
      </div>
    </div>
  );
}
