/**
 * The upload policy of PRODUCT.md section 4 as numbers and pure functions, shared by the
 * browser and Node engines. 1 KB = 1024 bytes, 1 MB = 1024 KB.
 */
export const KB = 1024;
export const MB = 1024 * KB;

/** Files of this size or more go multipart with checkpoints; smaller ones are one signed PUT. */
export const MULTIPART_THRESHOLD_BYTES = 50 * MB;
export const MAX_ATTEMPTS = 15;
export const WARN_ON_ATTEMPTS: readonly number[] = [2, 5, 10];
/** After 4 tries, wait this long before each further try. */
export const RETRY_WAIT_MS = 1_000;
export const CHECKPOINT_MAX_AGE_MS = 7 * 24 * 3600_000;
export const BASE_PARALLELISM = 4;

export type ConnectionType = 'slow-2g' | '2g' | '3g' | '4g';

/** Default part size by the browser's effective connection type; 4g and unknown get 2 MB. */
export const PART_SIZE_BY_CONNECTION: Readonly<Record<ConnectionType, number>> = {
  'slow-2g': 128 * KB,
  '2g': 256 * KB,
  '3g': 512 * KB,
  '4g': 2 * MB,
};

export function defaultPartSize(connection?: string | null): number {
  return PART_SIZE_BY_CONNECTION[(connection ?? '4g') as ConnectionType] ?? PART_SIZE_BY_CONNECTION['4g'];
}

export function isMultipart(sizeBytes: number): boolean {
  return sizeBytes >= MULTIPART_THRESHOLD_BYTES;
}

/** Parts in flight on a given try (1-based): 4, then 3 from try 3, then 2 from try 5. */
export function parallelismFor(attempt: number): number {
  if (attempt >= 5) return 2;
  if (attempt >= 3) return 3;
  return BASE_PARALLELISM;
}

export interface PartSizeOptions {
  /** The part size this file started with (connection default, or larger on a measured fast link). */
  basePartSize: number;
  /** The storage driver's smallest part except the last (S3: 5 MiB); never go below it. */
  minPartSize?: number;
}

/** Part size on a given try: shrinks to 1 MB on try 5 and 512 KB on try 10, never growing, never below the driver minimum. */
export function partSizeFor(attempt: number, options: PartSizeOptions): number {
  let size = options.basePartSize;
  if (attempt >= 10) size = Math.min(size, 512 * KB);
  else if (attempt >= 5) size = Math.min(size, 1 * MB);
  return Math.max(size, options.minPartSize ?? 0);
}

/** How long to wait before a try (1-based): at once for tries 1 to 4, then 1 s before each further try. */
export function waitBeforeAttempt(attempt: number): number {
  return attempt >= 5 ? RETRY_WAIT_MS : 0;
}

export function shouldWarn(attempt: number): boolean {
  return WARN_ON_ATTEMPTS.includes(attempt);
}

export function canRetry(attempt: number): boolean {
  return attempt < MAX_ATTEMPTS;
}

/** A local checkpoint of a multipart upload, keyed by the file's path. */
export interface UploadCheckpoint {
  name: string;
  fileSize: number;
  savedAt: number;
}

/** Resume only when the stored name and size match the file and the checkpoint is under 7 days old. */
export function isCheckpointUsable(checkpoint: UploadCheckpoint | undefined, file: { name: string; size: number }, now: number): boolean {
  if (!checkpoint) return false;
  return checkpoint.name === file.name && checkpoint.fileSize === file.size && now - checkpoint.savedAt < CHECKPOINT_MAX_AGE_MS;
}

/** Status texts the engine reports (the UI translates them). */
export const UPLOAD_STATUS = {
  gettingReady: 'Getting Ready...',
  transferring: 'Transferring...',
  warmingUp: 'Warming up...',
  resuming: 'Resuming Upload...',
} as const;
export type TUploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];
