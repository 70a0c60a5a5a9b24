import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiProblem } from '../../../app/api-error';
import { TransferDetails } from './TransferDetails';
import { useGetTransferQuery } from './transfers.api';
import { useModalFocus } from '../../../components/use-modal-focus';

/**
 * The TransferModal (/dash/transfers/{slug}, opened from a row or a bell entry): the transfer's
 * files, recipients, download log and actions. Esc, the close button or a click outside close it.
 */
export function TransferModal({ slug, onClose }: { slug: string; onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const titleId = useId();
  const { dialogRef } = useModalFocus(onClose);
  const { data: transfer, error, isLoading } = useGetTransferQuery(slug);
  const isMissing = error !== undefined && apiProblem(error).status === 404;

  return (
    <div className="transfer-modal" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialogRef} className="card transfer-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <button type="button" className="transfer-modal__close" aria-label={t('modal.close')} onClick={onClose}>
          ×
        </button>
        {transfer ? (
          <TransferDetails transfer={transfer} titleId={titleId} onClose={onClose} />
        ) : (
          <>
            <h2 id={titleId}>{isMissing ? t('modal.notFound') : error ? t('loadFailed') : t('modal.loading')}</h2>
            {isLoading ? <p className="hint" role="status">{t('modal.loading')}</p> : null}
          </>
        )}
      </div>
    </div>
  );
}
