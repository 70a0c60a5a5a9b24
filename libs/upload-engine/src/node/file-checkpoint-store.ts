import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckpointStore, MultipartCheckpoint } from '../checkpoint-store';

/** Checkpoints as JSON files in a folder (the CLI keeps them in ~/.ferry/checkpoints), written by rename. */
export function createFileCheckpointStore(dir: string): CheckpointStore {
  const pathOf = (key: string) => join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  return {
    async get(key) {
      try {
        const stored = JSON.parse(await readFile(pathOf(key), 'utf8')) as MultipartCheckpoint & { key: string };
        return stored.key === key ? stored : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, checkpoint) {
      await mkdir(dir, { recursive: true });
      const path = pathOf(key);
      const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, JSON.stringify({ ...checkpoint, key }));
      await rename(temporary, path);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
