import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCreatedTransfer, TUploadGrant } from '@ferry/contracts';
import { anonymousFileBlock, blockedReason, CUSTOM_EXPIRY_MARKER, DEFAULT_EXPIRY_SECONDS, formatBytes, getPlanLimits } from '@ferry/plans';
import { abortUpload, createHttpUploadApi, UploadCancelledError, type UploadFilesEvent } from '@ferry/upload-engine';
import { API_BASE } from '../../app/api';
import { apiProblem } from '../../app/api-error';
import { useRequestEmailCodeMutation } from '../../app/session.api';
import { useAppSelector } from '../../app/store';
import { showToast } from '../../components/toasts';
import { BlockedView, DoneView, ErrorTour, ProgressView, ResumeBanner, type DoneResult, type Progress } from './QuickSendViews';
import { OptionsPanel, optionsStatus } from './OptionsPanel';
import { RecipientChips } from './RecipientChips';
import { VerifyStep, isSenderVerified } from './VerifyStep';
import { VideoRecorder } from './VideoRecorder';
import { VoiceMemo } from './VoiceMemo';
import { CogIcon, FileIcon, FolderIcon, VideoIcon } from './icons';
import { clearPendingSend, loadPendingSend, savePendingSend, type PendingSend } from './pending-send';
import { useAddFilesMutation, useCompleteTransferMutation, useContactsQuery, useCreateTransferMutation } from './quick-send.api';
import { fieldProblems, limitProblem, LINK_PREMIUM_TOUR, serverProblem, tourText, type FieldProblem, type SendAs, type TourMessage } from './quick-send-rules';
import { type RecipientChip } from './recipients';
import { browserCheckpoints, checkpointKey, uploadBrowserFiles, type UploadItem } from '../../app/browser-upload';
import { filesFromDrop, listEntries, mergeFiles, removeEntry, toSelected, type SelectedFile } from './selected-files';
import './quick-send.css';

type View = 'edit' | 'verify' | 'upload' | 'done';

interface QuickSendPanelProps {
  /** Add-files mode: the files join this live transfer instead of a new one. */
  addTo?: { slug: string };
  /** Called when the user asks to send another (logged in) after a finished send. */
  onSendAnother?: () => void;
}

const EMPTY_PROGRESS: Progress = { percent: 0, status: 'Getting Ready...', bytesPerSecond: 0, secondsLeft: null, fileIndex: 0, fileCount: 0, bytesUploaded: 0, totalBytes: 0 };

/** The files the server kept, in order: each dropped entry takes out the first file with its name and folder. */
function keptFiles<T extends { name: string; folder?: string }>(files: T[], dropped: TCreatedTransfer['dropped']): T[] {
  const left = [...dropped];
  return files.filter((file) => {
    const index = left.findIndex((d) => d.name === file.name && (d.path ?? undefined) === file.folder);
    if (index < 0) return true;
    left.splice(index, 1);
    return false;
  });
}

/**
 * Quick send (PRODUCT.md section 2): files and folders, message, voice memo and videos,
 * recipients or a link, the options panel, the verify step for anonymous email sends, the
 * progress view driven by the upload engine, cancel and resume (also after a reload), the done view.
 */
export function QuickSendPanel({ addTo, onSendAnother }: QuickSendPanelProps) {
  const { t, i18n } = useTranslation('send');
  const session = useAppSelector((s) => s.session);
  const signedIn = session.status === 'signedIn';
  const role = signedIn ? (session.user?.role ?? 'free') : 'anon';
  const limits = getPlanLimits(role);

  const [files, setFiles] = useState<SelectedFile[]>([]);
  const [memo, setMemo] = useState<File | null>(null);
  const [chips, setChips] = useState<RecipientChip[]>([]);
  const [recipientDraft, setRecipientDraft] = useState('');
  const [senderEmail, setSenderEmail] = useState('');
  const [senderPrompt, setSenderPrompt] = useState(false);
  const [message, setMessage] = useState('');
  const [password, setPassword] = useState('');
  const [sendAs, setSendAs] = useState<SendAs>(signedIn ? 'link' : 'email');
  const [expirySeconds, setExpirySeconds] = useState(DEFAULT_EXPIRY_SECONDS);
  const [customDate, setCustomDate] = useState<number | null>(null);
  const [shareWith, setShareWith] = useState<string[]>([]);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [recordingVideo, setRecordingVideo] = useState(false);
  const [dragging, setDragging] = useState(false);

  const [view, setView] = useState<View>('edit');
  const [shake, setShake] = useState<FieldProblem | null>(null);
  const [tour, setTour] = useState<TourMessage | null>(null);
  const [serverBlock, setServerBlock] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>(EMPTY_PROGRESS);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pending, setPending] = useState<PendingSend | null>(() => (addTo ? null : loadPendingSend()));
  const [resumeFiles, setResumeFiles] = useState<Map<string, Blob>>(new Map());
  const [done, setDone] = useState<DoneResult | null>(null);
  const [busy, setBusy] = useState(false);

  const controller = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const folderInput = useRef<HTMLInputElement | null>(null);

  const [createTransfer] = useCreateTransferMutation();
  const [addFiles] = useAddFilesMutation();
  const [completeTransfer] = useCompleteTransferMutation();
  const [requestCode] = useRequestEmailCodeMutation();
  const { data: contacts = [] } = useContactsQuery(undefined, { skip: !signedIn });

  useEffect(() => {
    if (!shake) return;
    const timer = setTimeout(() => setShake(null), 600);
    return () => clearTimeout(timer);
  }, [shake]);

  const allFiles = useMemo(() => (memo ? [...files, toSelected(memo, undefined, 'voiceMemo')] : files), [files, memo]);
  const totalBytes = allFiles.reduce((sum, f) => sum + f.size, 0);
  const form = {
    role,
    signedIn,
    sendAs,
    fileCount: allFiles.length,
    totalBytes,
    forwardedCount: 0,
    recipients: chips.map((c) => c.email),
    pendingRecipient: recipientDraft,
    senderEmail,
    message,
    password,
    expirySeconds,
    customDate,
  };
  const problems = fieldProblems(form);
  const blocked = signedIn && session.user ? blockedReason({ status: session.user.status, storageState: 'ok' }) : null;

  function addSelected(incoming: SelectedFile[]) {
    if (pending) return matchResumeFiles(incoming);
    const kept: SelectedFile[] = [];
    for (const file of incoming) {
      const block = signedIn ? null : anonymousFileBlock(file.name);
      if (block === 'insecureType') showToast({ title: t('errors.insecureType.title'), message: t('errors.insecureType.message', { name: file.name }), kind: 'error' });
      else if (block === 'copyright') showToast({ title: t('errors.fileRemoved.title'), message: t('errors.fileRemoved.message', { name: file.name }), kind: 'error' });
      else kept.push(file);
    }
    setFiles((current) => mergeFiles(current, kept).files);
  }

  function onPick(list: FileList | null) {
    if (!list) return;
    addSelected([...list].map((file) => toSelected(file)));
  }

  /** After a reload: the same files (folder, name and size) picked again let the upload go on from its checkpoints. */
  function matchResumeFiles(incoming: SelectedFile[]) {
    if (!pending) return;
    const next = new Map(resumeFiles);
    for (const file of incoming) {
      const match = pending.files.find((p) => (p.key === file.key || p.name === file.name) && p.size === file.size);
      if (match) next.set(match.key, file.file);
    }
    setResumeFiles(next);
    if (next.size < pending.files.length) {
      showToast({ title: t('resume.stillMissing', { count: pending.files.length - next.size }), kind: 'info' });
      return;
    }
    void startUpload(
      pending,
      pending.files.map((p) => ({ key: p.key, file: next.get(p.key) as Blob, name: p.name, size: p.size, grant: p.grant })),
    );
  }

  async function onSubmit() {
    if (busy) return;
    if (problems.length > 0) {
      setShake(problems[0] ?? null);
      return;
    }
    const limit = limitProblem(form);
    if (limit) return showProblem(limit);
    if (!signedIn && sendAs === 'email' && !isSenderVerified(senderEmail)) {
      await sendCode();
      return;
    }
    await createAndUpload();
  }

  function showProblem(problem: TourMessage) {
    if (problem.toastMs) {
      showToast({ ...tourText(t as never, problem), kind: 'info', ms: problem.toastMs });
      return;
    }
    setTour(problem);
  }

  async function sendCode(): Promise<boolean> {
    try {
      await requestCode({ email: senderEmail.trim().toLowerCase(), purpose: 'send', lang: i18n.language === 'zh' ? 'zh' : 'en' }).unwrap();
      setView('verify');
      return true;
    } catch (error) {
      const problem = apiProblem(error);
      showProblem(problem.code === 'TOO_MANY_ATTEMPTS' ? { key: 'errors.tooManyAttempts' } : serverProblem(problem.code, problem.status));
      return false;
    }
  }

  async function createAndUpload() {
    setBusy(true);
    const recipients = [...chips];
    if (sendAs === 'email' && recipientDraft.trim() !== '') recipients.push({ email: recipientDraft.trim().toLowerCase() });
    const draftFiles = allFiles.map((f) => ({ name: f.name, size: f.size, ...(f.folder ? { path: f.folder } : {}), kind: f.kind, ...(f.file.type ? { contentType: f.file.type } : {}) }));
    let created: TCreatedTransfer;
    try {
      created = addTo
        ? await addFiles({ slug: addTo.slug, files: draftFiles }).unwrap()
        : await createTransfer({
            sendAs,
            files: draftFiles,
            emailTo: sendAs === 'email' ? recipients : [],
            ...(!signedIn && sendAs === 'email' ? { senderEmail: senderEmail.trim().toLowerCase() } : {}),
            ...(message ? { message } : {}),
            ...(password ? { password } : {}),
            expirySeconds,
            ...(customDate !== null && expirySeconds === CUSTOM_EXPIRY_MARKER ? { expiryDate: customDate } : {}),
            ...(shareWith.length > 0 ? { shareWith } : {}),
            lang: i18n.language === 'zh' ? 'zh' : 'en',
          }).unwrap();
    } catch (error) {
      setBusy(false);
      const problem = apiProblem(error);
      if (problem.code === 'EMAIL_NOT_VERIFIED') {
        await sendCode();
        return;
      }
      if (problem.code === 'SENDING_BLOCKED' || problem.code === 'MONTHLY_LIMIT_REACHED') {
        setServerBlock(problem.code);
        return;
      }
      showProblem(serverProblem(problem.code, problem.status));
      return;
    }
    for (const dropped of created.dropped) {
      if (dropped.reason === 'duplicate') continue;
      const key = dropped.reason === 'insecureType' ? 'errors.insecureType' : 'errors.fileRemoved';
      showToast({ title: t(`${key}.title`), message: t(`${key}.message`, { name: dropped.name }), kind: 'error' });
    }
    const kept = keptFiles(allFiles, created.dropped);
    const grants = created.uploads;
    const record: PendingSend = {
      transferId: created.id,
      slug: created.slug,
      url: created.url,
      sendAs: addTo ? 'link' : sendAs,
      recipients: recipients.map((r) => r.email),
      createdAt: Date.now(),
      files: kept.map((f, i) => ({ key: f.key, name: f.name, size: f.size, folder: f.folder, kind: f.kind, grant: grants[i] as TUploadGrant })),
    };
    if (!addTo) savePendingSend(record);
    setBusy(false);
    await startUpload(
      record,
      kept.map((f, i) => ({ key: f.key, file: f.file, name: f.name, size: f.size, grant: grants[i] as TUploadGrant })),
    );
  }

  async function startUpload(record: PendingSend, items: UploadItem[]) {
    const abort = new AbortController();
    controller.current = abort;
    setConfirmCancel(false);
    setProgress({ ...EMPTY_PROGRESS, fileCount: items.length, totalBytes: items.reduce((s, i) => s + i.size, 0) });
    setView('upload');
    try {
      const uploads = await uploadBrowserFiles({ batchId: record.transferId, items, signal: abort.signal, onEvent: (event) => setProgress((p) => applyEvent(p, event)) });
      setProgress((p) => ({ ...p, percent: 100, status: 'Almost done...' }));
      const finished = await completeTransfer({ id: record.transferId, uploads }).unwrap();
      clearPendingSend();
      setPending(null);
      setResumeFiles(new Map());
      setDone({ mode: addTo ? 'addFiles' : record.sendAs, url: finished.url, recipients: record.recipients });
      setView('done');
    } catch (error) {
      if (error instanceof UploadCancelledError) {
        // Cancel keeps the parts: the banner offers to resume (within 7 days) or discard.
        setPending(loadPendingSend() ?? record);
        setResumeFiles(new Map(items.map((i) => [i.key, i.file])));
        setView('edit');
        return;
      }
      setPending(loadPendingSend() ?? record);
      setResumeFiles(new Map(items.map((i) => [i.key, i.file])));
      setView('edit');
      const problem = apiProblem(error);
      setTour(problem.code === 'TRANSFER_NOT_READY' ? { key: 'errors.couldNotSend' } : { key: 'errors.connection' });
    } finally {
      controller.current = null;
    }
  }

  function applyEvent(p: Progress, event: UploadFilesEvent): Progress {
    switch (event.type) {
      case 'progress':
        return { ...p, percent: event.percent, bytesPerSecond: event.bytesPerSecond, secondsLeft: event.secondsLeft, bytesUploaded: event.bytesUploaded, totalBytes: event.totalBytes };
      case 'status':
        return { ...p, status: event.status };
      case 'file':
        return { ...p, fileIndex: event.index, fileCount: event.count };
      case 'warning': {
        const locked = /not ?found|not ?readable|NotReadable/i.test(event.message);
        const network = /network/i.test(event.message);
        const key = locked ? 'warnings.locked' : network ? 'warnings.network' : 'warnings.slow';
        showToast({ title: t(`${key}.title`), message: t(`${key}.message`, { message: event.message }), kind: 'info', ms: 8_500 });
        return p;
      }
      default:
        return p;
    }
  }

  async function resumeNow() {
    if (!pending) return;
    if (resumeFiles.size === pending.files.length) {
      await startUpload(
        pending,
        pending.files.map((p) => ({ key: p.key, file: resumeFiles.get(p.key) as Blob, name: p.name, size: p.size, grant: p.grant })),
      );
    } else {
      fileInput.current?.click();
    }
  }

  async function discardPending() {
    if (!pending) return;
    const uploadApi = createHttpUploadApi({ apiUrl: API_BASE });
    await Promise.all(
      pending.files.map((f) =>
        abortUpload({ api: uploadApi, checkpoints: browserCheckpoints(), path: checkpointKey(pending.transferId, f.key), uploadToken: f.grant.uploadToken }).catch(() => undefined),
      ),
    );
    clearPendingSend();
    setPending(null);
    setResumeFiles(new Map());
    showToast({ title: t('errors.aborted.title'), message: t('errors.aborted.message'), kind: 'info' });
  }

  function reset() {
    setFiles([]);
    setMemo(null);
    setChips([]);
    setRecipientDraft('');
    setMessage('');
    setPassword('');
    setExpirySeconds(DEFAULT_EXPIRY_SECONDS);
    setCustomDate(null);
    setShareWith([]);
    setDone(null);
    setView('edit');
    onSendAnother?.();
  }

  if (blocked || serverBlock) return <BlockedView reason={blocked ?? serverBlock ?? ''} role={role} />;

  if (view === 'verify') {
    return (
      <section className="quick-send card" aria-label={t('panelLabel')}>
        <VerifyStep
          email={senderEmail.trim().toLowerCase()}
          onBack={() => setView('edit')}
          onResend={async () => {
            await sendCode();
          }}
          onVerified={() => void createAndUpload()}
        />
      </section>
    );
  }

  if (view === 'upload') {
    return (
      <section className="quick-send card" aria-label={t('panelLabel')}>
        <ProgressView
          progress={progress}
          confirmCancel={confirmCancel}
          onCancel={() => setConfirmCancel(true)}
          onConfirmCancel={(yes) => {
            setConfirmCancel(false);
            if (yes) controller.current?.abort();
          }}
        />
      </section>
    );
  }

  if (view === 'done' && done) {
    return (
      <section className="quick-send card" aria-label={t('panelLabel')}>
        <DoneView result={done} signedIn={signedIn} senderEmail={senderEmail.trim().toLowerCase()} onSendAnother={reset} />
      </section>
    );
  }

  const entries = listEntries(files);
  const remaining = Math.max(0, limits.uploadLimit - totalBytes);
  const status = optionsStatus(expirySeconds, customDate, password, t, i18n.language);
  const inputId = (name: string) => `qs-${name}`;

  return (
    <section className={`quick-send card${dragging ? ' quick-send--dragging' : ''}`} aria-label={t('panelLabel')}>
      {tour ? <ErrorTour problem={tour} onClose={() => setTour(null)} /> : null}
      {recordingVideo ? (
        <VideoRecorder onRecorded={(file) => addSelected([toSelected(file, undefined, 'recordedVideo')])} onClose={() => setRecordingVideo(false)} />
      ) : null}
      {pending ? <ResumeBanner pending={pending} matched={resumeFiles.size} onResume={() => void resumeNow()} onDiscard={() => void discardPending()} /> : null}

      <div className="quick-send__head">
        <h2>{addTo ? t('addFilesTitle') : t('title')}</h2>
        <button type="button" className="icon-button" aria-expanded={optionsOpen} aria-controls="qs-options" aria-label={t('options.open')} onClick={() => setOptionsOpen((o) => !o)}>
          <CogIcon />
        </button>
      </div>

      <div
        className={`dropzone${shake === 'files' ? ' shake dropzone--invalid' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void filesFromDrop(e.dataTransfer).then(addSelected);
        }}
      >
        <div className="dropzone__buttons">
          <button type="button" className="button" onClick={() => fileInput.current?.click()}>
            {t('addFiles')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => folderInput.current?.click()}>
            {t('addFolder')}
          </button>
        </div>
        <p className="hint">{t('dropHint')}</p>
        <input ref={fileInput} type="file" multiple hidden aria-label={t('addFiles')} data-testid="qs-files" onChange={(e) => (onPick(e.target.files), (e.target.value = ''))} />
        <input
          ref={(el) => {
            folderInput.current = el;
            el?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          multiple
          hidden
          aria-label={t('addFolder')}
          data-testid="qs-folder"
          onChange={(e) => (onPick(e.target.files), (e.target.value = ''))}
        />
      </div>

      {entries.length > 0 ? (
        <ul className="file-list" aria-label={t('fileListLabel')}>
          {entries.map((entry) => (
            <li key={entry.key} className="file-list__item">
              <span className="file-list__icon" aria-hidden="true">
                {entry.isFolder ? <FolderIcon /> : <FileIcon />}
              </span>
              <span className="file-list__name">{entry.name}</span>
              <span className="file-list__meta">{entry.isFolder ? t('folderMeta', { count: entry.count, size: formatBytes(entry.size) }) : formatBytes(entry.size)}</span>
              <button type="button" className="icon-button" aria-label={t('remove', { name: entry.name })} onClick={() => setFiles((current) => removeEntry(current, entry.key))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="quick-send__total" aria-live="polite">
        {t('total', { count: allFiles.length, total: formatBytes(totalBytes), remaining: formatBytes(remaining) })}
      </p>

      <div className="quick-send__extras">
        <VoiceMemo memo={memo} onChange={setMemo} />
        <button type="button" className="chip-button" onClick={() => setRecordingVideo(true)}>
          <VideoIcon /> {t('video.record')}
        </button>
      </div>

      {sendAs === 'email' ? (
        <>
          <RecipientChips id={inputId('to')} chips={chips} onChange={setChips} draft={recipientDraft} onDraftChange={setRecipientDraft} contacts={contacts} invalid={shake === 'emailTo'} />
          {!signedIn ? (
            <div className={`field${shake === 'senderEmail' ? ' field--invalid shake' : ''}`}>
              <label htmlFor={inputId('from')}>{t('senderEmail')}</label>
              <input id={inputId('from')} type="email" autoComplete="email" value={senderEmail} onFocus={() => setSenderPrompt(true)} onChange={(e) => setSenderEmail(e.target.value)} />
              {senderPrompt ? (
                <div className="sender-prompt" role="note">
                  <strong>{t('senderPrompt.title')}</strong>
                  <span>{t('senderPrompt.message')}</span>
                  <a href="/pricing">{t('senderPrompt.action')}</a>
                </div>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}

      <div className={`field${shake === 'message' ? ' field--invalid shake' : ''}`}>
        <label htmlFor={inputId('message')}>{t('message')}</label>
        <textarea id={inputId('message')} rows={3} maxLength={280} value={message} onChange={(e) => setMessage(e.target.value)} />
        <span className="hint" aria-live="polite">
          {t('messageCount', { count: message.length })}
        </span>
      </div>

      {optionsOpen ? (
        <OptionsPanel
          id="qs-options"
          role={role}
          signedIn={signedIn}
          sendAs={sendAs}
          onSendAs={(next) => {
            if (next === 'link' && !signedIn) return setTour(LINK_PREMIUM_TOUR);
            setSendAs(next);
          }}
          expirySeconds={expirySeconds}
          onExpiry={(seconds) => {
            setExpirySeconds(seconds);
            if (seconds !== CUSTOM_EXPIRY_MARKER) setCustomDate(null);
          }}
          customDate={customDate}
          onCustomDate={setCustomDate}
          customDateInvalid={shake === 'customDate'}
          password={password}
          onPassword={setPassword}
          passwordInvalid={shake === 'password'}
          shareWith={shareWith}
          onShareWith={setShareWith}
        />
      ) : null}

      <div className="quick-send__footer">
        <div className="quick-send__status">
          <span>{status.expiry}</span>
          <span>{status.password}</span>
        </div>
        <button
          type="button"
          className={`button quick-send__send${problems.length > 0 ? ' button--inactive' : ''}`}
          disabled={busy}
          aria-disabled={problems.length > 0 || undefined}
          onClick={() => void onSubmit()}
        >
          {sendAs === 'link' ? t('getLink') : t('transfer')}
        </button>
      </div>
      {problems.length > 0 && (allFiles.length > 0 || chips.length > 0) ? <p className="hint quick-send__why">{t(`missing.${problems[0]}`)}</p> : null}
    </section>
  );
}
