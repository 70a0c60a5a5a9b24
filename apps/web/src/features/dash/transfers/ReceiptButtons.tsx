import { useTranslation } from 'react-i18next';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { saveReceipt, useFetchReceiptMutation, type ReceiptFile } from './receipts.api';

/** Saves one receipt file; a failure says so in a toast. */
function useReceiptSaver() {
  const { t } = useTranslation('transfers');
  const [fetchReceipt, { isLoading }] = useFetchReceiptMutation();
  const save = async (file: ReceiptFile) => {
    try {
      saveReceipt(await fetchReceipt(file).unwrap());
    } catch (error) {
      showToast({ title: t('receipts.failed'), message: apiProblem(error).message, kind: 'error' });
    }
  };
  return { save, isLoading };
}

/** One download's proof of delivery: the signed receipt as a PDF or as JSON. */
export function ReceiptButtons({ slug, downloadId, what }: { slug: string; downloadId: string; what: string }) {
  const { t } = useTranslation('transfers');
  const { save, isLoading } = useReceiptSaver();
  return (
    <span className="transfer-log__receipts">
      <button type="button" className="link-button" disabled={isLoading} aria-label={t('receipts.pdfLabel', { what })} onClick={() => void save({ slug, downloadId, format: 'pdf' })}>
        {t('receipts.pdf')}
      </button>
      <button type="button" className="link-button" disabled={isLoading} aria-label={t('receipts.jsonLabel', { what })} onClick={() => void save({ slug, downloadId, format: 'json' })}>
        {t('receipts.json')}
      </button>
    </span>
  );
}

/** Every download's signed receipt in one JSON file. */
export function AllReceiptsButton({ slug }: { slug: string }) {
  const { t } = useTranslation('transfers');
  const { save, isLoading } = useReceiptSaver();
  return (
    <button type="button" className="button button--ghost" disabled={isLoading} onClick={() => void save({ slug, all: true })}>
      {t('receipts.all')}
    </button>
  );
}
