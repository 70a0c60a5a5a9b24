import type { CheckpointStore, MultipartCheckpoint } from './checkpoint-store';

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
  put(value: unknown, key: string): IdbRequest<unknown>;
  delete(key: string): IdbRequest<unknown>;
}
interface IdbDatabase {
  objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string): unknown;
  transaction(name: string, mode: 'readonly' | 'readwrite'): { objectStore(name: string): IdbObjectStore };
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

/** Checkpoints in the browser's IndexedDB, keyed by the file's relative path; they outlive a closed tab. */
export function createIndexedDbCheckpointStore(options: { databaseName?: string; indexedDB?: unknown } = {}): CheckpointStore {
  const factory = (options.indexedDB ?? (globalThis as { indexedDB?: unknown }).indexedDB) as IdbFactory | undefined;
  if (!factory) throw new Error('IndexedDB is not available here');
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
  const store = async (mode: 'readonly' | 'readwrite') => (await database()).transaction(STORE, mode).objectStore(STORE);
  return {
    async get(key) {
      return ((await settle((await store('readonly')).get(key))) as MultipartCheckpoint | undefined) ?? undefined;
    },
    async set(key, checkpoint) {
      await settle((await store('readwrite')).put(checkpoint, key));
    },
    async delete(key) {
      await settle((await store('readwrite')).delete(key));
    },
  };
}
