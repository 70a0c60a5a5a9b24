import type { UploadFilesEvent } from '@ferry/upload-engine';
import type { Progress } from './QuickSendViews';

export const EMPTY_PROGRESS: Progress = { percent: 0, status: 'Getting Ready...', bytesPerSecond: 0, secondsLeft: null, fileIndex: 0, fileCount: 0, bytesUploaded: 0, totalBytes: 0 };

/** The progress view's figures after an engine event (warnings leave them as they are). */
export function applyUploadEvent(progress: Progress, event: UploadFilesEvent): Progress {
  switch (event.type) {
    case 'progress':
      return { ...progress, percent: event.percent, bytesPerSecond: event.bytesPerSecond, secondsLeft: event.secondsLeft, bytesUploaded: event.bytesUploaded, totalBytes: event.totalBytes };
    case 'status':
      return { ...progress, status: event.status };
    case 'file':
      return { ...progress, fileIndex: event.index, fileCount: event.count };
    default:
      return progress;
  }
}

/** Which retry warning a failure message calls for: a file that cannot be read, the network, or a slow upload. */
export function warningKey(message: string): 'warnings.locked' | 'warnings.network' | 'warnings.slow' {
  if (/not ?found|not ?readable|NotReadable/i.test(message)) return 'warnings.locked';
  if (/network/i.test(message)) return 'warnings.network';
  return 'warnings.slow';
}

/**
 * Hands events on in batches: `progress` and `part` (one of each per part that lands) at most every
 * `ms`, the latest ones together; any other event at once, with those that came before it, so
 * nothing is lost or reordered.
 */
export function createEventPacer<E extends { type: string }>(deliver: (events: E[]) => void, ms: number) {
  let pending: E[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const events = pending;
    pending = [];
    if (events.length > 0) deliver(events);
  };
  return {
    push(event: E) {
      pending.push(event);
      if (event.type !== 'progress' && event.type !== 'part') flush();
      else timer ??= setTimeout(flush, ms);
    },
    /** Delivers what is waiting now. */
    flush,
    /** Drops what is waiting (the view is gone). */
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
}
