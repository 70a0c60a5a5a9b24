import type { TPresignedRequest, TUploadGrant } from '@ferry/contracts';
import type { CheckpointStore, MultipartCheckpoint } from './checkpoint-store';
import { planLayout, partSizeOnAttempt, remainingParts, type PartLayout, type PlannedPart } from './part-layout';
import { createProgressMeter } from './progress-meter';
import type { UploadApi } from './upload-api';
import {
  MAX_ATTEMPTS,
  UPLOAD_STATUS,
  defaultPartSize,
  isCheckpointUsable,
  parallelismFor,
  shouldWarn,
  waitBeforeAttempt,
  type TUploadStatus,
} from './upload-policy';

/** The file being sent: a browser File or a file on disk, read a range at a time. */
export interface UploadSource {
  name: string;
  size: number;
  /** Identifies the file for checkpoints (its relative path). */
  path: string;
  /** Bytes `start`..`end` (exclusive). */
  read(start: number, end: number): Promise<Uint8Array>;
}

export type UploadEvent =
  | { type: 'status'; status: TUploadStatus }
  | { type: 'progress'; bytesUploaded: number; totalBytes: number; percent: number; bytesPerSecond: number; secondsLeft: number | null }
  | { type: 'warning'; attempt: number; message: string }
  | { type: 'part'; partNumber: number; bytes: number };

export interface UploadFileOptions {
  source: UploadSource;
  /** The grant for this file; unused when a matching checkpoint resumes an earlier upload. */
  grant: TUploadGrant;
  api: UploadApi;
  checkpoints: CheckpointStore;
  /** Cancelling keeps the parts and the checkpoint: the upload resumes within 7 days. */
  signal?: AbortSignal;
  /** The browser's effective connection type (navigator.connection.effectiveType). */
  connection?: string | null;
  /** Overrides the connection's part size (Node on a fast link). */
  partSize?: number;
  onEvent?: (event: UploadEvent) => void;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface UploadedFile {
  fileId: string;
  uploadToken: string;
  /** For multipart: what `complete` needs. */
  parts?: { partNumber: number; etag: string }[];
  /** Bytes this call sent (less than the size when it resumed). */
  bytesSent: number;
}

export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/** Reported after the last try, with what the spec asks for: name, message, index, part. */
export class UploadFailedError extends Error {
  constructor(
    message: string,
    readonly details: { name: string; attempt: number; partNumber?: number; status?: number },
  ) {
    super(message);
    this.name = 'UploadFailedError';
  }
}

class PartError extends Error {
  constructor(
    message: string,
    readonly partNumber: number,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * A failed part, a lost network or Ferry's API being briefly away (5xx, no answer) costs a try;
 * an answer that says the upload itself is wrong (4xx: token invalid, upload aborted) does not
 * get better by trying again.
 */
function asRetryable(error: unknown): PartError | null {
  if (error instanceof PartError) return error;
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number') return status >= 500 || status === 429 ? new PartError(`Ferry answered ${status}`, 0, status) : null;
  if (error instanceof TypeError) return new PartError(`Network error ~ ${error.message}`, 0);
  return null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** URLs are re-signed this long before they expire, so a slow part never starts on a dying URL. */
const RESIGN_MARGIN_MS = 60_000;
const SIGN_BATCH = 100;

function etagOf(res: Response): string {
  return (res.headers.get('etag') ?? '').replace(/"/g, '');
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new UploadCancelledError();
}

/**
 * Uploads one file straight to storage with the policy of PRODUCT.md section 4: under 50 MB one
 * signed PUT; 50 MB and more in parts, with a local checkpoint after every part, up to 15 tries
 * with fewer parallel parts and smaller parts as tries go on, and fresh URLs when they expire.
 */
export async function uploadFile(options: UploadFileOptions): Promise<UploadedFile> {
  const { source, api, checkpoints } = options;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? defaultSleep;
  const emit = options.onEvent ?? (() => undefined);
  const meter = createProgressMeter({ totalBytes: source.size, now });
  const report = (done: number) => {
    meter.set(done);
    emit({ type: 'progress', ...meter.snapshot() });
  };

  emit({ type: 'status', status: UPLOAD_STATUS.gettingReady });
  const stored = await checkpoints.get(source.path);
  const resumable = stored && isCheckpointUsable(stored, source, now()) ? stored : undefined;
  if (!resumable && stored) await checkpoints.delete(source.path);

  if (!resumable && !options.grant.multipart) return uploadSingle();
  return uploadMultipart(resumable);

  async function putWithResign(request: () => Promise<TPresignedRequest>, resign: () => Promise<TPresignedRequest>, body: Uint8Array, partNumber: number): Promise<Response> {
    let signed = await request();
    for (let round = 0; round < 2; round += 1) {
      if (new Date(signed.expiresAt).getTime() - now() < RESIGN_MARGIN_MS) signed = await resign();
      let res: Response;
      try {
        res = await doFetch(signed.url, { method: 'PUT', headers: signed.headers, body: body as unknown as NonNullable<RequestInit['body']>, signal: options.signal });
      } catch (error) {
        throwIfCancelled(options.signal);
        throw new PartError(`Network error ~ ${(error as Error).message}`, partNumber);
      }
      if (res.ok) return res;
      await res.arrayBuffer().catch(() => undefined);
      // An expired (or otherwise refused) URL is signed again once before the try counts as failed.
      if (res.status === 403 && round === 0) {
        signed = await resign();
        continue;
      }
      throw new PartError(`Storage answered ${res.status}`, partNumber, res.status);
    }
    throw new PartError('Storage refused the URL', partNumber, 403);
  }

  async function runTries<T>(attemptOnce: (attempt: number) => Promise<T | undefined>): Promise<T> {
    let lastError: PartError | undefined;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      throwIfCancelled(options.signal);
      if (attempt > 1) {
        emit({ type: 'status', status: UPLOAD_STATUS.warmingUp });
        if (shouldWarn(attempt)) emit({ type: 'warning', attempt, message: lastError?.message ?? 'Retrying' });
        await sleep(waitBeforeAttempt(attempt));
        throwIfCancelled(options.signal);
      }
      try {
        const result = await attemptOnce(attempt);
        if (result !== undefined) return result;
      } catch (error) {
        if (error instanceof UploadCancelledError) throw error;
        throwIfCancelled(options.signal);
        const retryable = asRetryable(error);
        if (!retryable) throw error;
        lastError = retryable;
      }
    }
    throw new UploadFailedError(lastError?.message ?? 'Upload failed', {
      name: source.name,
      attempt: MAX_ATTEMPTS,
      partNumber: lastError?.partNumber,
      status: lastError?.status,
    });
  }

  async function uploadSingle(): Promise<UploadedFile> {
    const grant = options.grant;
    const body = await source.read(0, source.size);
    const resign = async () => {
      const { single } = await api.sign(grant.uploadToken);
      if (!single) throw new PartError('No URL for this upload', 1);
      return single;
    };
    await runTries(async () => {
      emit({ type: 'status', status: UPLOAD_STATUS.transferring });
      await putWithResign(async () => grant.single ?? (await resign()), resign, body, 1);
      return true;
    });
    report(source.size);
    return { fileId: grant.fileId, uploadToken: grant.uploadToken, bytesSent: source.size };
  }

  async function uploadMultipart(resume: MultipartCheckpoint | undefined): Promise<UploadedFile> {
    let checkpoint: MultipartCheckpoint;
    let layout: PartLayout;
    if (resume) {
      emit({ type: 'status', status: UPLOAD_STATUS.resuming });
      checkpoint = resume;
      // The store is the truth: a part counts only if it is there with the ETag we saw.
      const onServer = new Map((await api.listParts(resume.uploadToken)).map((p) => [p.partNumber, p]));
      checkpoint.parts = checkpoint.parts.filter((p) => onServer.get(p.partNumber)?.etag === p.etag && onServer.get(p.partNumber)?.size === p.end - p.start);
      const base = options.partSize ?? defaultPartSize(options.connection);
      layout = { unit: resume.unit, basePartSize: Math.max(resume.unit, Math.ceil(base / resume.unit) * resume.unit) };
    } else {
      const multipart = options.grant.multipart;
      if (!multipart) throw new Error('The grant is not for a multipart upload');
      layout = planLayout({
        size: source.size,
        basePartSize: options.partSize ?? defaultPartSize(options.connection),
        minPartSize: multipart.minPartSize,
        maxParts: multipart.maxParts,
      });
      checkpoint = {
        name: source.name,
        fileSize: source.size,
        savedAt: now(),
        fileId: options.grant.fileId,
        uploadToken: options.grant.uploadToken,
        unit: layout.unit,
        parts: [],
      };
      await checkpoints.set(source.path, checkpoint);
    }
    const token = checkpoint.uploadToken;
    const bytesDone = () => checkpoint.parts.reduce((sum, p) => sum + (p.end - p.start), 0);
    const startedWith = bytesDone();
    report(startedWith);

    const urls = new Map<number, TPresignedRequest & { size: number }>();
    const signed = new Map<number, number>(checkpoint.signed ?? []);
    const signParts = async (planned: PlannedPart[]) => {
      for (let i = 0; i < planned.length; i += SIGN_BATCH) {
        const batch = planned.slice(i, i + SIGN_BATCH).map((p) => ({ partNumber: p.partNumber, size: p.end - p.start }));
        const { parts } = await api.sign(token, batch);
        for (const wanted of batch) signed.set(wanted.partNumber, Math.max(signed.get(wanted.partNumber) ?? 0, wanted.size));
        checkpoint.signed = [...signed];
        for (const part of parts ?? []) {
          const size = batch.find((p) => p.partNumber === part.partNumber)?.size;
          if (size !== undefined) urls.set(part.partNumber, { ...part, size });
        }
      }
    };
    const isUsable = (part: PlannedPart) => {
      const url = urls.get(part.partNumber);
      return url !== undefined && url.size === part.end - part.start && new Date(url.expiresAt).getTime() - now() >= RESIGN_MARGIN_MS;
    };
    let saving: Promise<void> = Promise.resolve();
    const save = () => {
      checkpoint.savedAt = now();
      const snapshot = structuredClone(checkpoint);
      saving = saving.then(() => checkpoints.set(source.path, snapshot));
      return saving;
    };

    const sendRemaining = async (attempt: number): Promise<true> => {
      const partSize = partSizeOnAttempt(layout, attempt);
      const pending = remainingParts(source.size, checkpoint.parts, layout, partSize, keepSigned ? signed : undefined);
      if (pending.length === 0) return true;
      emit({ type: 'status', status: UPLOAD_STATUS.transferring });
      const missing = pending.filter((p) => !isUsable(p));
      // Sign ahead for the first parts only; the rest are signed as the queue reaches them.
      await signParts(missing.slice(0, SIGN_BATCH));

      const queue = [...pending];
      let failure: unknown;
      const worker = async () => {
        while (queue.length > 0 && failure === undefined) {
          const part = queue.shift() as PlannedPart;
          try {
            await sendPart(part);
          } catch (error) {
            failure ??= error;
          }
        }
      };
      const sendPart = async (part: PlannedPart) => {
        throwIfCancelled(options.signal);
        const body = await source.read(part.start, part.end);
        const current = async () => {
          if (isUsable(part)) return urls.get(part.partNumber) as TPresignedRequest;
          const upcoming = queue.slice(0, SIGN_BATCH - 1).filter((p) => !isUsable(p));
          await signParts([part, ...upcoming]);
          return urls.get(part.partNumber) as TPresignedRequest;
        };
        const resign = async () => {
          urls.delete(part.partNumber);
          return current();
        };
        const res = await putWithResign(current, resign, body, part.partNumber);
        checkpoint.parts = checkpoint.parts.filter((p) => p.partNumber !== part.partNumber);
        checkpoint.parts.push({ partNumber: part.partNumber, start: part.start, end: part.end, etag: etagOf(res) });
        emit({ type: 'part', partNumber: part.partNumber, bytes: part.end - part.start });
        report(bytesDone());
        await save();
      };
      await Promise.all(Array.from({ length: Math.min(parallelismFor(attempt), pending.length) }, worker));
      await saving;
      if (failure !== undefined) throw failure;
      return true;
    };
    // Storage keeps the last PUT of each part number, so parts re-cut smaller on a later try add to
    // what the upload's signed URLs could hold. When the grant has no room for that, the parts
    // already signed keep their size for the rest of the upload, and the try goes on with them.
    let keepSigned = false;
    await runTries(async (attempt) => {
      for (;;) {
        try {
          return await sendRemaining(attempt);
        } catch (error) {
          if (keepSigned || (error as { code?: unknown }).code !== 'UPLOAD_TOO_LARGE') throw error;
          keepSigned = true;
        }
      }
    });

    await checkpoints.delete(source.path);
    const parts = [...checkpoint.parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ partNumber: p.partNumber, etag: p.etag }));
    return { fileId: checkpoint.fileId, uploadToken: token, parts, bytesSent: source.size - startedWith };
  }
}

/** Abort (not cancel): the parts are discarded and the checkpoint dropped; a new upload starts from scratch. */
export async function abortUpload(options: { api: UploadApi; checkpoints: CheckpointStore; path: string; uploadToken?: string }): Promise<void> {
  const checkpoint = await options.checkpoints.get(options.path);
  const token = options.uploadToken ?? checkpoint?.uploadToken;
  if (token) await options.api.abort(token);
  await options.checkpoints.delete(options.path);
}
