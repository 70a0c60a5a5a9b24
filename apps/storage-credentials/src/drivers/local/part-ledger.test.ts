import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPartLedger, type StoredPartFile } from './part-ledger';

const limits = { maxParts: 3, maxBytes: 8 };
const nothingStored = async (): Promise<StoredPartFile[]> => [];

/** A folder standing for an upload's, and a staging blob of `size` bytes in it. */
function uploadFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-ledger-'));
  let n = 0;
  return {
    dir,
    staging(size: number): string {
      const path = join(dir, `staging-${(n += 1)}`);
      writeFileSync(path, Buffer.alloc(size));
      return path;
    },
    names: () => readdirSync(dir).sort(),
  };
}

describe('part ledger: admission at the door', () => {
  it('when a part number is PUT again while its first PUT is still counted, then the newer one supersedes it instead of adding to it', async () => {
    const ledger = createPartLedger();
    // A client went away mid-part (its PUT not yet released) and came back with the same part.
    await ledger.admit('u1', 1, limits, 4, nothingStored);
    await ledger.admit('u1', 1, limits, 4, nothingStored);
    await expect(ledger.admit('u1', 2, limits, 4, nothingStored)).resolves.toMatchObject({ bytes: 4 });
    await expect(ledger.admit('u1', 3, limits, 1, nothingStored)).rejects.toThrow(/0 are left/);
  });

  it('when an older PUT of a part is released after a newer one was admitted, then the newer one still counts', async () => {
    const ledger = createPartLedger();
    const older = await ledger.admit('u2', 1, limits, 4, nothingStored);
    await ledger.admit('u2', 1, limits, 4, nothingStored);
    await older.release();
    await expect(ledger.admit('u2', 2, limits, 5, nothingStored)).rejects.toThrow(/4 are left/);
  });

  it('when a part has landed while its promise is still held, then it counts once, not twice', async () => {
    const ledger = createPartLedger();
    const folder = uploadFolder();
    const first = await ledger.admit('u3', 1, limits, 4, nothingStored);
    await first.land(folder.staging(4), join(folder.dir, 'part-1'), 4);
    await expect(ledger.admit('u3', 2, limits, 4, nothingStored)).resolves.toMatchObject({ bytes: 4 });
    await first.release();
    await expect(ledger.admit('u3', 3, limits, 1, nothingStored)).rejects.toThrow(/0 are left/);
  });

  it('when parts were stored before this process started, then they count against the grant, read from the disk once per upload', async () => {
    const ledger = createPartLedger();
    let reads = 0;
    const onDisk = async () => ((reads += 1), [{ partNumber: 1, size: 4, path: '/nowhere/part-1' }]);
    await expect(ledger.admit('u4', 2, limits, 5, onDisk)).rejects.toThrow(/4 are left/);
    const second = await ledger.admit('u4', 2, limits, 4, onDisk);
    await second.release();
    await ledger.admit('u4', 3, limits, 0, onDisk).catch(() => undefined);
    expect(reads).toBe(1);
  });
});

describe('part ledger: landing', () => {
  it('when a part number lands again, then its earlier blob is gone and the new one is the only copy', async () => {
    const ledger = createPartLedger();
    const folder = uploadFolder();
    const a = await ledger.admit('u5', 1, limits, 4, nothingStored);
    await a.land(folder.staging(4), join(folder.dir, 'part-1.aaa.4'), 4);
    await a.release();
    const b = await ledger.admit('u5', 1, limits, 3, nothingStored);
    await b.land(folder.staging(3), join(folder.dir, 'part-1.bbb.3'), 3);
    expect(folder.names()).toEqual(['part-1.bbb.3']);
  });

  it('when two PUTs of one part number land at the same moment, then exactly one copy stays', async () => {
    const ledger = createPartLedger();
    const folder = uploadFolder();
    const a = await ledger.admit('u6', 1, undefined, 4, nothingStored);
    const b = await ledger.admit('u6', 1, undefined, 4, nothingStored);
    await Promise.all([a.land(folder.staging(4), join(folder.dir, 'part-1.aaa.4'), 4), b.land(folder.staging(4), join(folder.dir, 'part-1.bbb.4'), 4)]);
    expect(folder.names()).toHaveLength(1);
  });

  it('when the stored list came from the disk, then a landing part replaces the copy found there', async () => {
    const ledger = createPartLedger();
    const folder = uploadFolder();
    const old = join(folder.dir, 'part-2.old.4');
    writeFileSync(old, Buffer.alloc(4));
    const part = await ledger.admit('u7', 2, limits, 4, async () => [{ partNumber: 2, size: 4, path: old }]);
    await part.land(folder.staging(4), join(folder.dir, 'part-2.new.4'), 4);
    expect(folder.names()).toEqual(['part-2.new.4']);
  });

  it('when an upload is forgotten (completed or aborted), then its next PUT reads the disk again', async () => {
    const ledger = createPartLedger();
    let reads = 0;
    const readStored = async () => ((reads += 1), []);
    await ledger.admit('u8', 1, limits, 1, readStored);
    ledger.forget('u8');
    await ledger.admit('u8', 2, limits, 1, readStored);
    expect(reads).toBe(2);
  });

  it("when an upload's record is asked for again, then it comes from memory until the upload is forgotten", async () => {
    const ledger = createPartLedger();
    let reads = 0;
    const read = async () => ((reads += 1), { key: 'k', contentType: 'application/octet-stream', initiated: '2026-11-29T00:00:00.000Z' });
    await ledger.record('u9', read);
    await expect(ledger.record('u9', read)).resolves.toMatchObject({ key: 'k' });
    expect(reads).toBe(1);
    ledger.forget('u9');
    await ledger.record('u9', read);
    expect(reads).toBe(2);
  });

  it('when reading a record fails (no such upload), then nothing is kept and the next call reads again', async () => {
    const ledger = createPartLedger();
    let reads = 0;
    const missing = async () => {
      reads += 1;
      throw new Error('no such upload');
    };
    await expect(ledger.record('u10', missing)).rejects.toThrow('no such upload');
    await expect(ledger.record('u10', missing)).rejects.toThrow('no such upload');
    expect(reads).toBe(2);
  });
});
