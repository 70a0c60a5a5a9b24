import type { TCompleteUpload, TUploadGrant } from '@ferry/contracts';
import {
  createHttpUploadApi,
  createIndexedDbCheckpointStore,
  uploadFiles,
  type CheckpointStore,
  type UploadFilesEvent,
  type UploadSource,
} from '@ferry/upload-engine';
import { API_BASE } from '../../app/api';
import { checkpointKey } from './pending-send';

let checkpoints: CheckpointStore | null = null;
/** One IndexedDB checkpoint store for the page (checkpoints survive reloads for 7 days). */
export function browserCheckpoints(): CheckpointStore {
  checkpoints ??= createIndexedDbCheckpointStore({ databaseName: 'ferry-uploads' });
  return checkpoints;
}

export interface UploadItem {
  key: string;
  file: Blob & { name?: string };
  name: string;
  size: number;
  grant: TUploadGrant;
}

function sourceOf(transferId: string, item: UploadItem): UploadSource {
  return {
    name: item.name,
    size: item.size,
    path: checkpointKey(transferId, item.key),
    read: async (start, end) => new Uint8Array(await item.file.slice(start, end).arrayBuffer()),
  };
}

function connectionType(): string | null {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return connection?.effectiveType ?? null;
}

/**
 * Sends the files of a transfer straight to storage with the upload engine (single signed PUT
 * under 50 MB, resumable parts from 50 MB) and answers what `POST /transfers/{id}/complete` needs.
 */
export async function runUpload(options: {
  transferId: string;
  items: UploadItem[];
  signal: AbortSignal;
  onEvent: (event: UploadFilesEvent) => void;
}): Promise<TCompleteUpload[]> {
  const results = await uploadFiles({
    api: createHttpUploadApi({ apiUrl: API_BASE }),
    checkpoints: browserCheckpoints(),
    signal: options.signal,
    connection: connectionType(),
    files: options.items.map((item) => ({ source: sourceOf(options.transferId, item), grant: item.grant })),
    onEvent: options.onEvent,
  });
  return results.map((r) => ({ uploadToken: r.uploadToken, ...(r.parts ? { parts: r.parts } : {}) }));
}
