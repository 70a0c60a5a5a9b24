import { createHash, randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withAddedParts, type CheckpointPart, type CheckpointStore, type MultipartCheckpoint } from '../checkpoint-store';

/**
 * Checkpoints as JSON files in a folder (the CLI keeps them in ~/.ferry/checkpoints), written by
 * rename; parts added later are appended to a `.parts` file beside it, one JSON line each (a line
 * cut short by a crash is skipped: that part is sent again), which the next whole write removes.
 */
export function createFileCheckpointStore(dir: string): CheckpointStore {
  const pathOf = (key: string) => join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  const partsPathOf = (key: string) => `${pathOf(key)}.parts`;
  const addedParts = async (key: string): Promise<CheckpointPart[]> => {
    const text = await readFile(partsPathOf(key), 'utf8').catch(() => '');
    const parts: CheckpointPart[] = [];
    for (const line of text.split('\n')) {
      try {
        if (line) parts.push(JSON.parse(line) as CheckpointPart);
      } catch {
        // the last line of a run that was killed while appending it
      }
    }
    return parts;
  };
  return {
    async get(key) {
      try {
        const stored = JSON.parse(await readFile(pathOf(key), 'utf8')) as MultipartCheckpoint & { key: string };
        return stored.key === key ? { ...stored, parts: withAddedParts(stored.parts, await addedParts(key)) } : undefined;
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
      await rm(partsPathOf(key), { force: true });
    },
    async addParts(key, parts) {
      await appendFile(partsPathOf(key), parts.map((part) => `${JSON.stringify(part)}\n`).join(''));
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(partsPathOf(key), { force: true });
    },
  };
}
