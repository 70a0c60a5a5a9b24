import type { CheckpointStore } from './checkpoint-store';
import { createProgressMeter } from './progress-meter';
import type { UploadApi } from './upload-api';
import type { UploadEvent, UploadFileOptions, UploadSource } from './upload-file.types';
import { defaultPartSize } from './upload-policy';

/** What every step of one file's upload works with: the file, Ferry's API, the clock and where events go. */
export interface UploadContext {
  source: UploadSource;
  api: UploadApi;
  checkpoints: CheckpointStore;
  signal: AbortSignal | undefined;
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  emit: (event: UploadEvent) => void;
  /** Reports `done` bytes of the file as a progress event (speed and time left over a sliding window). */
  report: (done: number) => void;
  /** The part size the file starts with: the option, else the connection's default. */
  basePartSize: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createUploadContext(options: UploadFileOptions): UploadContext {
  const doFetch = options.source.sender ? options.source.sender(options.fetch ?? fetch) : (options.fetch ?? fetch);
  const now = options.now ?? (() => Date.now());
  const emit = options.onEvent ?? (() => undefined);
  const meter = createProgressMeter({ totalBytes: options.source.size, now });
  return {
    source: options.source,
    api: options.api,
    checkpoints: options.checkpoints,
    signal: options.signal,
    // Called on its own, never as `ctx.fetch(…)`: the browser's fetch refuses any `this` but the window.
    fetch: (input, init) => doFetch(input, init),
    now,
    sleep: options.sleep ?? defaultSleep,
    emit,
    report: (done) => {
      meter.set(done);
      emit({ type: 'progress', ...meter.snapshot() });
    },
    basePartSize: options.partSize ?? defaultPartSize(options.connection),
  };
}
