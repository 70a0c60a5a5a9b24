import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/toasts';
import { useDeleteRequestMutation } from './dash-requests.api';

/** Delete with a confirmation in place: the link stops and the files go, then back to the list. */
export function DeleteRequest({ slug, title }: { slug: string; title: string }) {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const [isConfirming, setConfirming] = useState(false);
  const [remove, { isLoading }] = useDeleteRequestMutation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  useEffect(() => {
    if (isConfirming) confirmRef.current?.focus();
  }, [isConfirming]);

  function cancel() {
    setConfirming(false);
    requestAnimationFrame(() => openerRef.current?.focus());
  }

  async function confirm() {
    try {
      await remove(slug).unwrap();
      showToast({ title: t('detail.deleted', { title }), kind: 'success' });
      navigate('/dash/requests');
    } catch {
      showToast({ title: t('detail.deleteFailed'), kind: 'error' });
    }
  }

  if (!isConfirming) {
    return (
      <button ref={openerRef} type="button" className="button button--ghost request-delete" onClick={() => setConfirming(true)}>
        {t('detail.delete')}
      </button>
    );
  }
  return (
    <div className="request-confirm" role="alertdialog" aria-labelledby={textId} onKeyDown={(e) => e.key === 'Escape' && cancel()}>
      <p id={textId}>{t('detail.confirmDelete', { title })}</p>
      <div className="requests-form__actions">
        <button ref={confirmRef} type="button" className="button button--danger" disabled={isLoading} onClick={() => void confirm()}>
          {t('detail.confirm')}
        </button>
        <button type="button" className="button button--ghost" onClick={cancel}>
          {t('requests.cancel')}
        </button>
      </div>
    </div>
  );
}
