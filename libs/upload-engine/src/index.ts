export {
  KB,
  MB,
  MULTIPART_THRESHOLD_BYTES,
  MAX_ATTEMPTS,
  WARN_ON_ATTEMPTS,
  RETRY_WAIT_MS,
  CHECKPOINT_MAX_AGE_MS,
  BASE_PARALLELISM,
  PART_SIZE_BY_CONNECTION,
  UPLOAD_STATUS,
  defaultPartSize,
  isMultipart,
  parallelismFor,
  partSizeFor,
  waitBeforeAttempt,
  shouldWarn,
  canRetry,
  isCheckpointUsable,
} from './upload-policy';
export type { ConnectionType, PartSizeOptions, UploadCheckpoint, TUploadStatus } from './upload-policy';
export { planLayout, partSizeOnAttempt, remainingParts } from './part-layout';
export type { PartLayout, PlannedPart } from './part-layout';
export { createHttpUploadApi, UploadApiError } from './upload-api';
export type { UploadApi } from './upload-api';
export { createMemoryCheckpointStore } from './checkpoint-store';
export type { CheckpointStore, MultipartCheckpoint } from './checkpoint-store';
export { createProgressMeter } from './progress-meter';
export { uploadFile, abortUpload } from './upload-file';
export { UploadCancelledError, UploadFailedError } from './upload-errors';
export type { UploadSource, UploadEvent, UploadFileOptions, UploadedFile } from './upload-file.types';
export { uploadFiles } from './upload-files';
export { completionOf, partSetOf } from './completion';
export type { UploadFilesEvent } from './upload-files';
export { createIndexedDbCheckpointStore } from './indexeddb-checkpoint-store';
