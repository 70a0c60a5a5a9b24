import { useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { anonymousFileBlock } from '@ferry/plans';
import { useAppSelector } from '../../app/store';
import { useUsageQuery } from '../dash/home/home.api';
import { showToast } from '../../components/toasts';
import { filesToSend, formActions, initialFormState, quickSendFormSlice, rulesInput } from './quick-send-form.slice';
import type { TourMessage } from './quick-send-rules';
import { QuickSendEditor } from './QuickSendEditor';
import { BlockedView, DoneView, ProgressView } from './QuickSendViews';
import type { SelectedFile } from './selected-files';
import { sendBlockOf } from './send-block';
import { useSendFlow } from './use-send-flow';
import { usePrefilledRecipient } from './use-prefilled-recipient';
import { useTransferDefaults } from './use-transfer-defaults';
import { useUploadLifecycle } from './use-upload-lifecycle';
import { VerifyStep } from './VerifyStep';
import './quick-send.css';

interface QuickSendPanelProps {
  /** Add-files mode: the files join this live transfer instead of a new one. */
  addTo?: { slug: string };
  /** Called when the user asks to send another (logged in) after a finished send. */
  onSendAnother?: () => void;
}

/** Who is sending: 'anon' for an anonymous visitor, else the account's role; and whether their account may send now (the server's usage says). */
function useSender(isAddingFiles: boolean) {
  const session = useAppSelector((s) => s.session);
  const isSignedIn = session.status === 'signedIn';
  const { data: usage } = useUsageQuery(undefined, { skip: !isSignedIn });
  const role = isSignedIn ? (session.user?.role ?? 'free') : 'anon';
  const blocked = isSignedIn && session.user ? sendBlockOf(usage, session.user.status, { isAddingFiles }) : null;
  return { role, isSignedIn, blocked };
}

function Card({ children }: { children: ReactNode }) {
  const { t } = useTranslation('send');
  return (
    <section className="quick-send card" aria-label={t('panelLabel')}>
      {children}
    </section>
  );
}

/**
 * Quick send (PRODUCT.md section 2): files and folders, message, voice memo and videos,
 * recipients or a link, the options panel, the verify step for anonymous email sends, the
 * progress view driven by the upload engine, cancel and resume (also after a reload), the done view.
 */
export function QuickSendPanel({ addTo, onSendAnother }: QuickSendPanelProps) {
  const { t } = useTranslation('send');
  const sender = useSender(addTo !== undefined);
  const [form, dispatch] = useReducer(quickSendFormSlice.reducer, sender.isSignedIn, initialFormState);
  useTransferDefaults(sender, dispatch);
  const [tour, setTour] = useState<TourMessage | null>(null);
  const files = useMemo(() => filesToSend(form), [form]);
  // The upload code is fetched once files are picked, so that Send does not wait for it.
  const hasFiles = files.length > 0;
  useEffect(() => {
    if (hasFiles) void import('./upload-engine').catch(() => undefined);
  }, [hasFiles]);
  const upload = useUploadLifecycle({ addTo, onFailed: setTour });
  const startOver = () => {
    dispatch(formActions.formCleared());
    upload.finish();
  };
  usePrefilledRecipient(form.chips, dispatch, upload.stage === 'done' ? startOver : undefined);
  const send = useSendFlow({ form, files, rules: rulesInput(form, { role: sender.role, signedIn: sender.isSignedIn }, files), addTo, upload, showTour: setTour });

  function addSelected(incoming: SelectedFile[]) {
    if (upload.pending) return upload.offerFiles(incoming);
    const kept = incoming.filter((file) => {
      const block = sender.isSignedIn ? null : anonymousFileBlock(file.name);
      if (block === 'insecureType') showToast({ title: t('errors.insecureType.title'), message: t('errors.insecureType.message', { name: file.name }), kind: 'error' });
      else if (block === 'copyright') showToast({ title: t('errors.fileRemoved.title'), message: t('errors.fileRemoved.message', { name: file.name }), kind: 'error' });
      return block === null;
    });
    dispatch(formActions.filesAdded(kept));
  }

  // A send that is under way or just done keeps its screen when the usage it changed now blocks the next one.
  const isSending = upload.stage === 'uploading' || upload.stage === 'done';
  const blocked = (isSending ? null : sender.blocked) ?? send.serverBlock;
  if (blocked) return <BlockedView reason={blocked} role={sender.role} />;
  if (upload.stage === 'uploading') {
    return (
      <Card>
        <ProgressView progress={upload.progress} confirmCancel={upload.confirmCancel} onCancel={upload.askCancel} onConfirmCancel={upload.answerCancel} />
      </Card>
    );
  }
  if (upload.stage === 'done' && upload.done) {
    const sendAnother = () => {
      startOver();
      onSendAnother?.();
    };
    return (
      <Card>
        <DoneView result={upload.done} signedIn={sender.isSignedIn} senderEmail={send.senderEmail} onSendAnother={sendAnother} />
      </Card>
    );
  }
  if (send.isVerifying) {
    return (
      <Card>
        <VerifyStep email={send.senderEmail} onBack={send.stopVerifying} onResend={send.sendCode} onVerified={() => void send.createAndUpload()} />
      </Card>
    );
  }
  return (
    <QuickSendEditor
      form={form}
      dispatch={dispatch}
      sender={sender}
      isAddingFiles={addTo !== undefined}
      files={files}
      problems={send.problems}
      shake={send.shake}
      isBusy={send.busy}
      tour={tour}
      onTour={setTour}
      upload={upload}
      onFiles={addSelected}
      onSubmit={() => void send.submit()}
    />
  );
}
