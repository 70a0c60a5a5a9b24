import { withAddedParts, type CheckpointPart, type CheckpointStore, type MultipartCheckpoint } from './checkpoint-store';

/** The slice of the IndexedDB API the store uses (the lib has no DOM types: it runs in Node too). */
interface IdbRequest<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface IdbOpenRequest extends IdbRequest<IdbDatabase> {
  onupgradeneeded: (() => void) | null;
}
interface IdbObjectStore {
  get(key: string): IdbRequest<unknown>;
  getAll(range: unknown): IdbRequest<unknown[]>;
  put(value: unknown, key: string): IdbRequest<unknown>;
  delete(key: string | unknown): IdbRequest<unknown>;
}
interface IdbKeyRangeStatic {
  bound(lower: string, upper: string, lowerOpen?: boolean, upperOpen?: boolean): unknown;
}
interface IdbDatabase {
  objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string): unknown;
  transaction(name: string, mode: 'readonly' | 'readwrite'): { objectStore(name: string): IdbObjectStore; oncomplete: (() => void) | null; onerror: (() => void) | null; onabort: (() => void) | null; error: unknown };
}
interface IdbFactory {
  open(name: string, version: number): IdbOpenRequest;
}

const STORE = 'checkpoints';

function settle<T>(request: IdbRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * A part added to a checkpoint is a record of its own, keyed by the checkpoint's key, a NUL (which no
 * path holds) and its number, so that it is read back with a key range and adding one writes only it.
 */
const partKey = (key: string, partNumber: number) => `${key}\u0000${String(partNumber).padStart(5, '0')}`;

/** Checkpoints in the browser's IndexedDB, keyed by the file's relative path; they outlive a closed tab. */
export function createIndexedDbCheckpointStore(options: { databaseName?: string; indexedDB?: unknown; IDBKeyRange?: unknown } = {}): CheckpointStore {
  const factory = (options.indexedDB ?? (globalThis as { indexedDB?: unknown }).indexedDB) as IdbFactory | undefined;
  const keyRange = (options.IDBKeyRange ?? (globalThis as { IDBKeyRange?: unknown }).IDBKeyRange) as IdbKeyRangeStatic | undefined;
  if (!factory || !keyRange) throw new Error('IndexedDB is not available here');
  const partsOf = (key: string) => keyRange.bound(`${key}\u0000`, `${key}\u0001`, false, true);
  let opening: Promise<IdbDatabase> | undefined;
  const database = () => {
    opening ??= new Promise<IdbDatabase>((resolve, reject) => {
      const request = factory.open(options.databaseName ?? 'ferry-uploads', 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opening;
  };
  /** Runs `work` on the store in one transaction; resolves once the transaction committed. */
  const inTransaction = async <T>(mode: 'readonly' | 'readwrite', work: (store: IdbObjectStore) => Promise<T>): Promise<T> => {
    const transaction = (await database()).transaction(STORE, mode);
    const committed = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    const result = await work(transaction.objectStore(STORE));
    await committed;
    return result;
  };
  return {
    async get(key) {
      return inTransaction('readonly', async (store) => {
        const [checkpoint, added] = await Promise.all([settle(store.get(key)), settle(store.getAll(partsOf(key)))]);
        if (!checkpoint) return undefined;
        const stored = checkpoint as MultipartCheckpoint;
        return { ...stored, parts: withAddedParts(stored.parts, added as CheckpointPart[]) };
      });
    },
    async set(key, checkpoint) {
      // Whole, so the parts added before are in it: their records go in the same transaction.
      await inTransaction('readwrite', async (store) => {
        await Promise.all([settle(store.put(checkpoint, key)), settle(store.delete(partsOf(key)))]);
      });
    },
    async addParts(key, parts) {
      await inTransaction('readwrite', async (store) => {
        await Promise.all(parts.map((part) => settle(store.put(part, partKey(key, part.partNumber)))));
      });
    },
    async delete(key) {
      await inTransaction('readwrite', async (store) => {
        await Promise.all([settle(store.delete(key)), settle(store.delete(partsOf(key)))]);
      });
    },
  };
}
