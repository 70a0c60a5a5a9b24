import type { UploadCheckpoint } from './upload-policy';

/** A multipart upload's local checkpoint: enough to resume it after a reload, a crash or a lost network. */
export interface MultipartCheckpoint extends UploadCheckpoint {
  fileId: string;
  uploadToken: string;
  unit: number;
  parts: { partNumber: number; start: number; end: number; etag: string }[];
  /** The size each part number was signed for, [partNumber, size]: a later try keeps them (see `remainingParts`). */
  signed?: [number, number][];
}

/** Where checkpoints live, keyed by file path (IndexedDB in the browser, a folder in Node). */
export interface CheckpointStore {
  get(key: string): Promise<MultipartCheckpoint | undefined>;
  set(key: string, checkpoint: MultipartCheckpoint): Promise<void>;
  delete(key: string): Promise<void>;
}

export function createMemoryCheckpointStore(): CheckpointStore & { size(): number } {
  const map = new Map<string, MultipartCheckpoint>();
  return {
    get: async (key) => {
      const found = map.get(key);
      return found && structuredClone(found);
    },
    set: async (key, checkpoint) => {
      map.set(key, structuredClone(checkpoint));
    },
    delete: async (key) => {
      map.delete(key);
    },
    size: () => map.size,
  };
}
