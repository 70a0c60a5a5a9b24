import { useMemo, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { anonymousFileBlock, blockedReason } from '@ferry/plans';
import { useAppSelector } from '../../app/store';
import { showToast } from '../../components/toasts';
import { filesToSend, formActions, initialFormState, quickSendFormSlice, rulesInput } from './quick-send-form.slice';
import type { TourMessage } from './quick-send-rules';
import { QuickSendEditor } from './QuickSendEditor';
import { BlockedView, DoneView, ProgressView } from './QuickSendViews';
import type { SelectedFile } from './selected-files';
import { useSendFlow } from './use-send-flow';
import { useUploadLifecycle } from './use-upload-lifecycle';
import { VerifyStep } from './VerifyStep';
import './quick-send.css';

interface QuickSendPanelProps {
  /** Add-files mode: the files join this live transfer instead of a new one. */
  addTo?: { slug: string };
  /** Called when the user asks to send another (logged in) after a finished send. */
  onSendAnother?: () => void;
}

/** Who is sending: 'anon' for an anonymous visitor, else the account's role; and whether their account may send now. */
function useSender() {
  const session = useAppSelector((s) => s.session);
  const isSignedIn = session.status === 'signedIn';
  const role = isSignedIn ? (session.user?.role ?? 'free') : 'anon';
  const blocked = isSignedIn && session.user ? blockedReason({ status: session.user.status, storageState: 'ok' }) : null;
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
  const sender = useSender();
  const [form, dispatch] = useReducer(quickSendFormSlice.reducer, sender.isSignedIn, initialFormState);
  const [tour, setTour] = useState<TourMessage | null>(null);
  const files = useMemo(() => filesToSend(form), [form]);
  const upload = useUploadLifecycle({ addTo, onFailed: setTour });
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

  const blocked = sender.blocked ?? send.serverBlock;
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
      dispatch(formActions.formCleared());
      upload.finish();
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
