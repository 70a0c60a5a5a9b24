import type { TCompleteUpload, TUploadGrant } from '@ferry/contracts';
import {
  completionOf,
  createHttpUploadApi,
  createIndexedDbCheckpointStore,
  createMemoryCheckpointStore,
  uploadFiles,
  type CheckpointStore,
  type UploadFilesEvent,
  type UploadSource,
} from '@ferry/upload-engine';
import { API_BASE } from './api';

let checkpoints: CheckpointStore | null = null;
/** One checkpoint store for the page: IndexedDB (checkpoints survive reloads for 7 days), memory where there is none. */
export function browserCheckpoints(): CheckpointStore {
  if (!checkpoints) {
    try {
      checkpoints = createIndexedDbCheckpointStore({ databaseName: 'ferry-uploads' });
    } catch {
      checkpoints = createMemoryCheckpointStore();
    }
  }
  return checkpoints;
}

/** The checkpoint key of a file of a batch (a transfer, a request upload): parts of one batch never resume into another's grants. */
export function checkpointKey(batchId: string, fileKey: string): string {
  return `${batchId}/${fileKey}`;
}

export interface UploadItem {
  key: string;
  file: Blob & { name?: string };
  name: string;
  size: number;
  grant: TUploadGrant;
}

function sourceOf(batchId: string, item: UploadItem): UploadSource {
  return {
    name: item.name,
    size: item.size,
    path: checkpointKey(batchId, item.key),
    // The browser streams a File slice from disk as the request body: no part is held in page memory.
    slice: (start, end) => item.file.slice(start, end),
  };
}

function connectionType(): string | null {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return connection?.effectiveType ?? null;
}

/**
 * Sends browser files straight to storage on their grants with the upload engine (one signed PUT
 * under 50 MB, resumable parts from 50 MB) and answers what the `complete` calls need.
 */
export async function uploadBrowserFiles(options: {
  batchId: string;
  items: UploadItem[];
  signal: AbortSignal;
  onEvent: (event: UploadFilesEvent) => void;
}): Promise<TCompleteUpload[]> {
  const results = await uploadFiles({
    api: createHttpUploadApi({ apiUrl: API_BASE }),
    checkpoints: browserCheckpoints(),
    signal: options.signal,
    connection: connectionType(),
    files: options.items.map((item) => ({ source: sourceOf(options.batchId, item), grant: item.grant })),
    onEvent: options.onEvent,
  });
  return results.map(completionOf);
}
