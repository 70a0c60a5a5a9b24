import type { TCompleteUpload, TUploadGrant } from '@ferry/contracts';
import {
  createHttpUploadApi,
  createIndexedDbCheckpointStore,
  createMemoryCheckpointStore,
  uploadFiles,
  type CheckpointStore,
  type UploadFilesEvent,
} from '@ferry/upload-engine';
import { API_BASE } from '../../app/api';

let checkpoints: CheckpointStore | null = null;

/** IndexedDB checkpoints when the browser has it (they outlive a reload), memory otherwise. */
function browserCheckpoints(): CheckpointStore {
  if (!checkpoints) {
    try {
      checkpoints = createIndexedDbCheckpointStore({ databaseName: 'ferry-uploads' });
    } catch {
      checkpoints = createMemoryCheckpointStore();
    }
  }
  return checkpoints;
}

function connectionType(): string | null {
  return (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ?? null;
}

/**
 * Sends browser files straight to storage on their grants with the upload engine (one signed PUT
 * under 50 MB, resumable parts from 50 MB) and answers what `complete` needs. `batchId` keys the
 * checkpoints, so parts of one batch are never resumed into another's grants.
 */
export async function uploadBrowserFiles(options: {
  batchId: string;
  items: { file: File; grant: TUploadGrant }[];
  signal: AbortSignal;
  onEvent: (event: UploadFilesEvent) => void;
}): Promise<TCompleteUpload[]> {
  const results = await uploadFiles({
    api: createHttpUploadApi({ apiUrl: API_BASE }),
    checkpoints: browserCheckpoints(),
    signal: options.signal,
    connection: connectionType(),
    files: options.items.map(({ file, grant }, index) => ({
      grant,
      source: {
        name: file.name,
        size: file.size,
        path: `request/${options.batchId}/${index}/${file.name}`,
        read: async (start: number, end: number) => new Uint8Array(await file.slice(start, end).arrayBuffer()),
      },
    })),
    onEvent: options.onEvent,
  });
  return results.map((r) => ({ uploadToken: r.uploadToken, ...(r.parts ? { parts: r.parts } : {}) }));
}

/** Pairs each grant with the picked file it was given for (the server drops some and keeps the order of the rest). */
export function matchGrants(files: File[], grants: TUploadGrant[]): { file: File; grant: TUploadGrant }[] {
  const unused = [...files];
  return grants.map((grant) => {
    const at = unused.findIndex((f) => f.name === grant.name && f.size === grant.size);
    if (at < 0) throw new Error(`No picked file for the grant of ${grant.name}`);
    const [file] = unused.splice(at, 1);
    return { file: file as File, grant };
  });
}
