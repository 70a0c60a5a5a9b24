import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { UploadFilesEvent } from '@ferry/upload-engine';
import { API_BASE } from '../../app/api';
import { useAppDispatch } from '../../app/store';
import { uploadActivityChanged } from '../../app/upload-activity.slice';
import { apiProblem } from '../../app/api-error';
import type { UploadItem } from '../../app/browser-upload';
import { showToast } from '../../components/toasts';
import { clearPendingSend, loadPendingSend, type PendingSend } from './pending-send';
import { useCompleteTransferMutation } from './quick-send.api';
import type { TourMessage } from './quick-send-rules';
import type { DoneResult, Progress } from './QuickSendViews';
import type { SelectedFile } from './selected-files';
import { applyUploadEvent, createEventPacer, EMPTY_PROGRESS, warningKey } from './upload-progress';

export type UploadStage = 'idle' | 'uploading' | 'done';

/** How often the progress view repaints during an upload at most. */
export const PROGRESS_PAINT_MS = 250;

/** The retry warnings of PRODUCT.md section 4, shown for 8.5 s. */
function showUploadWarning(t: TFunction<'send'>, message: string): void {
  const key = warningKey(message);
  showToast({ title: t(`${key}.title`), message: t(`${key}.message`, { message }), kind: 'info', ms: 8_500 });
}

/** The upload items of a pending transfer, from the files matched to it. */
function itemsOf(pending: PendingSend, files: ReadonlyMap<string, Blob>): UploadItem[] {
  return pending.files.map((p) => ({ key: p.key, file: files.get(p.key) as Blob, name: p.name, size: p.size, grant: p.grant }));
}

/** After a reload: the same files (folder, name and size) picked again are matched to the pending transfer's files. */
function matchFiles(pending: PendingSend, matched: ReadonlyMap<string, Blob>, incoming: SelectedFile[]): Map<string, Blob> {
  const next = new Map(matched);
  for (const file of incoming) {
    const match = pending.files.find((p) => (p.key === file.key || p.name === file.name) && p.size === file.size);
    if (match) next.set(match.key, file.file);
  }
  return next;
}

/** Discards a pending transfer's uploads: their parts and checkpoints (a failed abort leaves parts that expire on their own). */
async function abortPendingUploads(pending: PendingSend): Promise<void> {
  const { abortUpload, browserCheckpoints, checkpointKey, createHttpUploadApi } = await import('./upload-engine');
  const api = createHttpUploadApi({ apiUrl: API_BASE });
  await Promise.all(
    pending.files.map((f) =>
      abortUpload({ api, checkpoints: browserCheckpoints(), path: checkpointKey(pending.transferId, f.key), uploadToken: f.grant.uploadToken }).catch(() => undefined),
    ),
  );
}

/** The transfer left to resume (from a cancel, a failure or before a reload) and the files matched to it so far. */
function usePendingTransfer(addTo: { slug: string } | undefined) {
  const [pending, setPending] = useState<PendingSend | null>(() => (addTo ? null : loadPendingSend()));
  const [files, setFiles] = useState<Map<string, Blob>>(new Map());
  return {
    pending,
    files,
    /** Keeps the transfer (as stored, else as sent) with the files it was sent with. */
    keep(record: PendingSend, items: UploadItem[]) {
      setPending(loadPendingSend() ?? record);
      setFiles(new Map(items.map((i) => [i.key, i.file])));
    },
    /** Matches picked files to the pending transfer's files and answers all matched so far. */
    match(incoming: SelectedFile[]): Map<string, Blob> {
      const next = pending ? matchFiles(pending, files, incoming) : files;
      setFiles(next);
      return next;
    },
    forget() {
      clearPendingSend();
      setPending(null);
      setFiles(new Map());
    },
  };
}

/**
 * A transfer's upload from grants to 'done': progress, cancel with its confirmation, completion,
 * and the pending transfer a cancel, a failure or a reload leaves to resume (within 7 days) or discard.
 */
export function useUploadLifecycle({ addTo, onFailed }: { addTo?: { slug: string }; onFailed: (tour: TourMessage) => void }) {
  const { t } = useTranslation('send');
  const [stage, setStage] = useState<UploadStage>('idle');
  const [progress, setProgress] = useState<Progress>(EMPTY_PROGRESS);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [done, setDone] = useState<DoneResult | null>(null);
  const left = usePendingTransfer(addTo);
  const { pending } = left;
  const controller = useRef<AbortController | null>(null);
  const [completeTransfer] = useCompleteTransferMutation();
  const dispatch = useAppDispatch();

  // The header's mini progress follows the upload while it runs, on any dashboard page.
  const source = addTo ? `add:${addTo.slug}` : 'quick-send';
  const activePercent = stage === 'uploading' ? progress.percent : null;
  useEffect(() => {
    dispatch(uploadActivityChanged({ source, percent: activePercent }));
  }, [dispatch, source, activePercent]);
  useEffect(() => () => void dispatch(uploadActivityChanged({ source, percent: null })), [dispatch, source]);

  // Progress is painted at most every PROGRESS_PAINT_MS: a part lands every ~30 ms at full speed,
  // and a re-render per part kept the renderer busy on the CPU the upload needs (tools/bench/browser-upload).
  const [pacer] = useState(() => createEventPacer<UploadFilesEvent>((events) => setProgress((p) => events.reduce(applyUploadEvent, p)), PROGRESS_PAINT_MS));
  useEffect(() => () => pacer.stop(), [pacer]);

  function onEvent(event: UploadFilesEvent) {
    if (event.type === 'warning') showUploadWarning(t, event.message);
    else pacer.push(event);
  }

  async function start(record: PendingSend, items: UploadItem[]) {
    const abort = new AbortController();
    controller.current = abort;
    setConfirmCancel(false);
    setProgress({ ...EMPTY_PROGRESS, fileCount: items.length, totalBytes: items.reduce((s, i) => s + i.size, 0) });
    setStage('uploading');
    const engine = await import('./upload-engine').catch(() => null);
    try {
      if (!engine) throw new Error('the upload code did not load');
      const uploads = await engine.uploadBrowserFiles({ batchId: record.transferId, items, signal: abort.signal, onEvent });
      pacer.flush();
      setProgress((p) => ({ ...p, percent: 100, status: 'Almost done...' }));
      const finished = await completeTransfer({ id: record.transferId, uploads }).unwrap();
      left.forget();
      setDone({ mode: addTo ? 'addFiles' : record.sendAs, url: finished.url, recipients: record.recipients });
      setStage('done');
    } catch (error) {
      pacer.stop();
      // A cancel keeps the parts too: the banner offers to resume (within 7 days) or discard.
      left.keep(record, items);
      setStage('idle');
      if (!(engine && error instanceof engine.UploadCancelledError)) onFailed(apiProblem(error).code === 'TRANSFER_NOT_READY' ? { key: 'errors.couldNotSend' } : { key: 'errors.connection' });
    } finally {
      controller.current = null;
    }
  }

  /** Files picked while a transfer is pending go to it; once all are there, its upload goes on. */
  function offerFiles(incoming: SelectedFile[]) {
    if (!pending) return;
    const matched = left.match(incoming);
    if (matched.size < pending.files.length) return showToast({ title: t('resume.stillMissing', { count: pending.files.length - matched.size }), kind: 'info' });
    void start(pending, itemsOf(pending, matched));
  }

  /** Resumes with the files at hand, or asks for them with `pickFiles`. */
  async function resume(pickFiles: () => void) {
    if (!pending) return;
    if (left.files.size === pending.files.length) await start(pending, itemsOf(pending, left.files));
    else pickFiles();
  }

  async function discard() {
    if (!pending) return;
    await abortPendingUploads(pending);
    left.forget();
    showToast({ title: t('errors.aborted.title'), message: t('errors.aborted.message'), kind: 'info' });
  }

  function answerCancel(yes: boolean) {
    setConfirmCancel(false);
    if (yes) controller.current?.abort();
  }

  /** After 'Send another': back to a form with nothing uploading. */
  function finish() {
    setDone(null);
    setStage('idle');
  }

  const askCancel = () => setConfirmCancel(true);
  return { stage, progress, confirmCancel, done, pending, matched: left.files.size, start, offerFiles, resume, discard, askCancel, answerCancel, finish };
}

export type UploadLifecycle = ReturnType<typeof useUploadLifecycle>;
