import { createHash } from 'node:crypto';
import type { Logger } from '@ferry/service-kit';
import type { ObjectsStore } from '../store/objects.store';
import type { RegionTable } from './region-table';

/**
 * The repair path for objects completed without a digest: computes their SHA-256 from the stored
 * bytes, one at a time, off the upload's critical path. The local driver hashes uploads as their
 * bytes arrive (drivers/local/upload-digests.ts), so this runs only for objects it could not hash
 * that way (parts that landed on another instance or before a restart, other drivers). What a
 * crash leaves unhashed is picked up at the next start.
 */
export interface ObjectHasher {
  enqueue(fileId: string): void;
  /** Hashes whatever is complete and unhashed (at start, and after a crash). */
  catchUp(): Promise<void>;
  /** Resolves when the queue is empty. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function createObjectHasher(options: { store: ObjectsStore; regions: RegionTable; log: Logger }): ObjectHasher {
  const { store, regions, log } = options;
  const queue: string[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;

  async function hashOne(fileId: string): Promise<void> {
    const row = await store.findObject(fileId);
    if (!row || row.status !== 'complete' || row.sha256) return;
    const { driver } = regions.byBucket(row.bucket);
    const hash = createHash('sha256');
    for await (const chunk of await driver.read({ bucket: row.bucket, key: row.key })) hash.update(chunk as Buffer);
    await store.setSha256(fileId, hash.digest('hex'));
  }

  function drain(): void {
    if (running || stopped) return;
    running = (async () => {
      while (queue.length > 0 && !stopped) {
        const fileId = queue.shift() as string;
        try {
          await hashOne(fileId);
        } catch (error) {
          log.error({ err: error, fileId }, 'hashing an object failed; it is retried at the next start');
        }
      }
    })().finally(() => {
      running = null;
      if (queue.length > 0) drain();
    });
  }

  return {
    enqueue(fileId) {
      queue.push(fileId);
      drain();
    },
    async catchUp() {
      for (const row of await store.findUnhashed(10_000)) queue.push(row.fileId);
      drain();
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (running) await running;
    },
  };
}
