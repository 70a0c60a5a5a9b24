import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, getPlanLimits } from '@ferry/plans';
import { OptionsPanel, optionsStatus } from './OptionsPanel';
import { useContactsQuery } from './quick-send.api';
import { fieldChanged, formActions, type QuickSendFormState } from './quick-send-form.slice';
import { LINK_PREMIUM_TOUR, type FieldProblem, type TourMessage } from './quick-send-rules';
import { ErrorTour, ResumeBanner } from './QuickSendViews';
import { AddressFields, FileDropZone, MessageField, PanelHead, SelectedFileList, type FormDispatch } from './QuickSendFields';
import { toSelected, type SelectedFile } from './selected-files';
import type { UploadLifecycle } from './use-upload-lifecycle';
import { VoiceMemo } from './VoiceMemo';
import { VideoIcon } from './icons';

/** The camera recorder loads when first opened, not with the page. */
const VideoRecorder = lazy(() => import('./VideoRecorder').then((m) => ({ default: m.VideoRecorder })));

export interface QuickSendEditorProps {
  form: QuickSendFormState;
  dispatch: FormDispatch;
  sender: { role: string; isSignedIn: boolean };
  isAddingFiles: boolean;
  /** The files to send, the voice memo included. */
  files: SelectedFile[];
  problems: FieldProblem[];
  shake: FieldProblem | null;
  isBusy: boolean;
  tour: TourMessage | null;
  onTour: (tour: TourMessage | null) => void;
  upload: UploadLifecycle;
  /** Files picked or dropped (a pending transfer takes them to resume). */
  onFiles: (files: SelectedFile[]) => void;
  onSubmit: () => void;
}

/** The form: files and folders, memo and video, addresses, message, the options panel and Send. */
export function QuickSendEditor(props: QuickSendEditorProps) {
  const { form, dispatch, sender, files, shake, upload } = props;
  const { t, i18n } = useTranslation('send');
  const [isDragging, setDragging] = useState(false);
  const [isOptionsOpen, setOptionsOpen] = useState(false);
  const [optionsTab, setOptionsTab] = useState<'password' | 'expiry' | undefined>(undefined);
  // A missing password or custom date lives in the options panel: it opens on that tab.
  useEffect(() => {
    if (shake !== 'password' && shake !== 'customDate') return;
    setOptionsOpen(true);
    setOptionsTab(shake === 'password' ? 'password' : 'expiry');
  }, [shake]);
  const [isRecordingVideo, setRecordingVideo] = useState(false);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const { data: contacts = [] } = useContactsQuery(undefined, { skip: !sender.isSignedIn });
  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const remaining = Math.max(0, getPlanLimits(sender.role).uploadLimit - totalBytes);

  return (
    <section className={`quick-send card${isDragging ? ' quick-send--dragging' : ''}`} aria-label={t('panelLabel')}>
      {props.tour ? <ErrorTour problem={props.tour} onClose={() => props.onTour(null)} /> : null}
      {isRecordingVideo ? (
        <Suspense fallback={null}>
          <VideoRecorder onRecorded={(file) => props.onFiles([toSelected(file, undefined, 'recordedVideo')])} onClose={() => setRecordingVideo(false)} />
        </Suspense>
      ) : null}
      {upload.pending ? (
        <ResumeBanner pending={upload.pending} matched={upload.matched} onResume={() => void upload.resume(() => fileInput.current?.click())} onDiscard={() => void upload.discard()} />
      ) : null}
      <PanelHead title={props.isAddingFiles ? t('addFilesTitle') : t('title')} isOptionsOpen={isOptionsOpen} onToggleOptions={() => setOptionsOpen((o) => !o)} />
      <FileDropZone isInvalid={shake === 'files'} fileInput={fileInput} onFiles={props.onFiles} onDragging={setDragging} />
      <SelectedFileList files={form.files} onRemove={(key) => dispatch(formActions.entryRemoved(key))} />
      <p className="quick-send__total" aria-live="polite">
        {t('total', { count: files.length, total: formatBytes(totalBytes), remaining: formatBytes(remaining) })}
      </p>
      <div className="quick-send__extras">
        <VoiceMemo memo={form.memo} onChange={(memo) => dispatch(fieldChanged('memo', memo))} />
        <button type="button" className="chip-button" onClick={() => setRecordingVideo(true)}>
          <VideoIcon /> {t('video.record')}
        </button>
      </div>
      <AddressFields form={form} dispatch={dispatch} isSignedIn={sender.isSignedIn} contacts={contacts} shake={shake} />
      <MessageField message={form.message} isInvalid={shake === 'message'} onChange={(message) => dispatch(fieldChanged('message', message))} />
      {isOptionsOpen ? <TransferOptions key={optionsTab ?? 'link'} {...props} initialTab={optionsTab} /> : null}
      <SendFooter {...props} status={optionsStatus(form.expirySeconds, form.customDate, form.password, t, i18n.language)} />
    </section>
  );
}

/** The options panel bound to the form; Copy link is premium for anonymous senders. */
function TransferOptions({ form, dispatch, sender, shake, onTour, initialTab }: QuickSendEditorProps & { initialTab?: 'password' | 'expiry' }) {
  return (
    <OptionsPanel
      id="qs-options"
      initialTab={initialTab}
      role={sender.role}
      signedIn={sender.isSignedIn}
      sendAs={form.sendAs}
      onSendAs={(next) => (next === 'link' && !sender.isSignedIn ? onTour(LINK_PREMIUM_TOUR) : dispatch(fieldChanged('sendAs', next)))}
      expirySeconds={form.expirySeconds}
      onExpiry={(seconds) => dispatch(formActions.expiryChanged(seconds))}
      customDate={form.customDate}
      onCustomDate={(ms) => dispatch(fieldChanged('customDate', ms))}
      customDateInvalid={shake === 'customDate'}
      password={form.password}
      onPassword={(value) => dispatch(fieldChanged('password', value))}
      passwordOn={form.passwordOn}
      onPasswordOn={(isOn) => {
        dispatch(fieldChanged('passwordOn', isOn));
        if (!isOn) dispatch(fieldChanged('password', ''));
      }}
      passwordInvalid={shake === 'password'}
      shareWith={form.shareWith}
      onShareWith={(ids) => dispatch(fieldChanged('shareWith', ids))}
    />
  );
}

/** When it expires and whether it has a password, Send (inactive while the form is invalid) and what is missing. */
function SendFooter({ form, files, problems, isBusy, onSubmit, status }: QuickSendEditorProps & { status: { expiry: string; password: string } }) {
  const { t } = useTranslation('send');
  return (
    <>
      <div className="quick-send__footer">
        <div className="quick-send__status">
          <span>{status.expiry}</span>
          <span>{status.password}</span>
        </div>
        <button
          type="button"
          className={`button quick-send__send${problems.length > 0 ? ' button--inactive' : ''}`}
          disabled={isBusy}
          aria-disabled={problems.length > 0 || undefined}
          onClick={onSubmit}
        >
          {form.sendAs === 'link' ? t('getLink') : t('transfer')}
        </button>
      </div>
      {problems.length > 0 && (files.length > 0 || form.chips.length > 0) ? <p className="hint quick-send__why">{t(`missing.${problems[0]}`)}</p> : null}
    </>
  );
}
