export { fileSource } from './file-source';
export { createFileCheckpointStore } from './file-checkpoint-store';
