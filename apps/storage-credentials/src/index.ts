export { startStorage } from './storage.service';
export type { RunningStorage, StartStorageOptions } from './storage.service';
export { storageMigrations } from './store/migrations';
export { loadStorageConfig, ZStorageConfig } from './config';
export type { StorageConfig } from './config';
export { createZipStream, zipArchiveSize } from './domain/zip-stream';
export type { ZipEntrySource } from './domain/zip-stream';
