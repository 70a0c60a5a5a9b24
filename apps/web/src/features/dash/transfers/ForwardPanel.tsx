import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX, type TTransferDetail } from '@ferry/contracts';
import { formatBytes } from '@ferry/plans';
import { apiProblem } from '../../../app/api-error';
import { showToast } from '../../../components/toasts';
import { useContactsQuery } from '../../quick-send/quick-send.api';
import { RecipientChips } from '../../quick-send/RecipientChips';
import { addRecipients, type RecipientChip } from '../../quick-send/recipients';
import { useForwardTransferMutation } from './transfers.api';

/** The chips plus a valid address still in the box (the way quick send counts it). */
function recipientsOf(chips: RecipientChip[], draft: string): RecipientChip[] {
  return draft.trim() ? addRecipients(chips, draft, []).chips : chips;
}

/**
 * Forward: pick files of this transfer and send them to recipients as a new transfer (copied in
 * storage, never uploaded again). 'Cancel this forward' closes it without sending.
 */
export function ForwardPanel({ transfer, onDone }: { transfer: TTransferDetail; onDone: () => void }) {
  const { t } = useTranslation('transfers');
  const base = useId();
  const [picked, setPicked] = useState<string[]>([]);
  const [chips, setChips] = useState<RecipientChip[]>([]);
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState('');
  const { data: contacts = [] } = useContactsQuery();
  const [forward, { isLoading }] = useForwardTransferMutation();
  const recipients = recipientsOf(chips, draft);
  const canSend = picked.length > 0 && recipients.length > 0 && message.length <= MESSAGE_MAX && !isLoading;

  async function send() {
    if (!canSend) return;
    try {
      const body = { sendAs: 'email' as const, fileIds: picked, emailTo: recipients, ...(message.trim() ? { message: message.trim() } : {}) };
      await forward({ slug: transfer.slug, body }).unwrap();
      showToast({ title: t('forward.done', { count: picked.length, email: recipients[0]?.email ?? '' }), kind: 'info' });
      onDone();
    } catch (error) {
      showToast({ title: t('actionFailed'), message: apiProblem(error).message, kind: 'error' });
    }
  }

  return (
    <section className="transfer-panel transfer-forward" aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`}>{t('forward.title')}</h3>
      <fieldset className="transfer-forward__files">
        <legend>{t('forward.pick')}</legend>
        {transfer.files.map((file) => (
          <label key={file.id}>
            <input type="checkbox" checked={picked.includes(file.id)} onChange={(e) => setPicked(e.target.checked ? [...picked, file.id] : picked.filter((id) => id !== file.id))} />{' '}
            {file.path ? `${file.path}/` : ''}
            {file.name} <span className="hint">{formatBytes(file.size)}</span>
          </label>
        ))}
      </fieldset>
      <RecipientChips id={`${base}-to`} chips={chips} onChange={setChips} draft={draft} onDraftChange={setDraft} contacts={contacts} />
      <div className="field">
        <label htmlFor={`${base}-message`}>{t('forward.message')}</label>
        <textarea id={`${base}-message`} rows={2} maxLength={MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      <div className="row">
        <button type="button" className="button" disabled={!canSend} onClick={() => void send()}>
          {t('forward.send', { count: picked.length })}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('forward.cancel')}
        </button>
      </div>
    </section>
  );
}
