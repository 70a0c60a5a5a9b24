import type { TUploadGrant } from '@ferry/contracts';
import type { CheckpointStore } from './checkpoint-store';
import type { UploadApi } from './upload-api';
import type { TUploadStatus } from './upload-policy';

/**
 * The file being sent: a browser File or a file on disk. A part's body is a `Blob` slice of it,
 * which fetch streams from the file as the request goes out: no part is ever held whole in
 * memory, reading overlaps sending, and a part sent again is read again.
 */
export interface UploadSource {
  name: string;
  size: number;
  /** Identifies the file for checkpoints (its relative path). */
  path: string;
  /** Bytes `start`..`end` (exclusive), as a lazy slice: nothing is read until it is sent. */
  slice(start: number, end: number): Blob;
  /** How this source's parts are best sent: wraps the upload's fetch (a file on disk streams from the file). */
  sender?: (fetchImpl: typeof fetch) => typeof fetch;
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
