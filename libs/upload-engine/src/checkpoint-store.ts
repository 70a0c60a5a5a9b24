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

export type CheckpointPart = MultipartCheckpoint['parts'][number];

/** Where checkpoints live, keyed by file path (IndexedDB in the browser, a folder in Node). */
export interface CheckpointStore {
  /** The checkpoint with every part added since it was set (a part added twice: the later one). */
  get(key: string): Promise<MultipartCheckpoint | undefined>;
  /** Stores the checkpoint whole, parts added before included. */
  set(key: string, checkpoint: MultipartCheckpoint): Promise<void>;
  /**
   * Adds parts that landed to the stored checkpoint without writing it whole: at 2 MB parts a file of
   * 2 GiB has 1,024, and writing all of them again after each one made the tab's and IndexedDB's
   * work, and the tab's memory, grow with the file (tools/bench/browser-upload, README).
   */
  addParts(key: string, parts: CheckpointPart[]): Promise<void>;
  delete(key: string): Promise<void>;
}

/** `parts` with `added` after them; a part number that comes again keeps its place and takes its later entry. */
export function withAddedParts(parts: readonly CheckpointPart[], added: readonly CheckpointPart[]): CheckpointPart[] {
  const byNumber = new Map<number, CheckpointPart>();
  for (const part of [...parts, ...added]) byNumber.set(part.partNumber, part);
  return [...byNumber.values()];
}

export function createMemoryCheckpointStore(): CheckpointStore & { size(): number } {
  const map = new Map<string, { checkpoint: MultipartCheckpoint; added: CheckpointPart[] }>();
  return {
    get: async (key) => {
      const found = map.get(key);
      return found && structuredClone({ ...found.checkpoint, parts: withAddedParts(found.checkpoint.parts, found.added) });
    },
    set: async (key, checkpoint) => {
      map.set(key, { checkpoint: structuredClone(checkpoint), added: [] });
    },
    addParts: async (key, parts) => {
      map.get(key)?.added.push(...structuredClone(parts));
    },
    delete: async (key) => {
      map.delete(key);
    },
    size: () => map.size,
  };
}
