export { fileSource } from './file-source';
export { createFileCheckpointStore } from './file-checkpoint-store';
export { markFileRange, withFileBodies, type FileRange } from './file-fetch';
