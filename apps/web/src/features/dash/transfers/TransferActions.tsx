import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTransferDetail } from '@ferry/contracts';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { ShareWithTeam, useTeamOthers } from './ShareWithTeam';
import { useDashDates } from './format-dates';
import { useDeleteTransferMutation, useExtendTransferMutation, useRestrictTransferMutation } from './transfers.api';

export type ActionPanel = 'addFiles' | 'forward' | 'share' | 'delete' | null;

interface ActionsProps {
  transfer: TTransferDetail;
  /** Only the sender manages the transfer; a team member it is shared with may forward it. */
  isOwner: boolean;
  panel: ActionPanel;
  onPanel: (panel: ActionPanel) => void;
  onDeleted: () => void;
}

/** 'Delete this transfer?' with Yes and No; No has the focus, so Enter never deletes by accident. */
function DeleteConfirm({ slug, onCancel, onDeleted }: { slug: string; onCancel: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('transfers');
  const titleId = useId();
  const noRef = useRef<HTMLButtonElement>(null);
  const [remove, { isLoading }] = useDeleteTransferMutation();
  useEffect(() => noRef.current?.focus(), []);
  async function confirm() {
    try {
      await remove(slug).unwrap();
      showToast({ title: t('delete.done'), kind: 'info' });
      onDeleted();
    } catch (error) {
      showToast({ title: t('actionFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }
  return (
    <div className="transfer-panel transfer-confirm" role="alertdialog" aria-labelledby={titleId}>
      <p id={titleId} className="transfer-confirm__title">
        {t('delete.confirm')}
      </p>
      <p className="hint">{t('delete.explain')}</p>
      <div className="row">
        <button type="button" className="button button--danger" disabled={isLoading} onClick={() => void confirm()}>
          {t('delete.yes')}
        </button>
        <button ref={noRef} type="button" className="button button--ghost" onClick={onCancel}>
          {t('delete.no')}
        </button>
      </div>
    </div>
  );
}

/** Extend by 48 hours, restrict or enable the link again, share with the team, add files, forward, delete (with its confirmation). */
export function TransferActions({ transfer, isOwner, panel, onPanel, onDeleted }: ActionsProps) {
  const { t } = useTranslation('transfers');
  const dates = useDashDates();
  const [restrict, { isLoading: isRestricting }] = useRestrictTransferMutation();
  const [extend, { isLoading: isExtending }] = useExtendTransferMutation();
  const teamOthers = useTeamOthers(isOwner);
  const toggle = (next: Exclude<ActionPanel, null>) => onPanel(panel === next ? null : next);
  const isExpired = transfer.state === 'expired';

  async function setRestricted(restricted: boolean) {
    try {
      await restrict({ slug: transfer.slug, restricted }).unwrap();
      showToast({ title: restricted ? t('restrict.done') : t('restrict.undone'), kind: 'info' });
    } catch (error) {
      showToast({ title: t('actionFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  async function extendBy48Hours() {
    try {
      const { expiryDate } = await extend(transfer.slug).unwrap();
      showToast({ title: t('extend.done'), message: t('extend.newDate', { date: dates.dateTime(expiryDate) }), kind: 'info' });
    } catch (error) {
      showToast({ title: t('actionFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <>
      <div className="transfer-actions" role="group" aria-label={t('actions.label')}>
        {isOwner ? (
          <button type="button" className="button button--ghost" disabled={isExtending} onClick={() => void extendBy48Hours()}>
            {t('extend.open')}
          </button>
        ) : null}
        {isOwner ? (
          <button type="button" className="button button--ghost" disabled={isRestricting} onClick={() => void setRestricted(!transfer.restricted)}>
            {transfer.restricted ? t('restrict.enable') : t('restrict.restrict')}
          </button>
        ) : null}
        {isOwner && teamOthers.length > 0 ? (
          <button type="button" className="button button--ghost" aria-expanded={panel === 'share'} onClick={() => toggle('share')}>
            {t('share.open')}
          </button>
        ) : null}
        {isOwner && !isExpired ? (
          <button type="button" className="button button--ghost" aria-expanded={panel === 'addFiles'} onClick={() => toggle('addFiles')}>
            {t('addFiles.open')}
          </button>
        ) : null}
        {!isExpired ? (
          <button type="button" className="button button--ghost" aria-expanded={panel === 'forward'} onClick={() => toggle('forward')}>
            {t('forward.open')}
          </button>
        ) : null}
        {isOwner ? (
          <button type="button" className="button button--ghost transfer-actions__delete" aria-expanded={panel === 'delete'} onClick={() => toggle('delete')}>
            {t('delete.open')}
          </button>
        ) : null}
      </div>
      {panel === 'share' ? <ShareWithTeam transfer={transfer} members={teamOthers} onDone={() => onPanel(null)} /> : null}
      {panel === 'delete' ? <DeleteConfirm slug={transfer.slug} onCancel={() => onPanel(null)} onDeleted={onDeleted} /> : null}
    </>
  );
}
