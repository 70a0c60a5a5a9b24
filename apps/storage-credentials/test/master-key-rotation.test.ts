import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus } from '@ferry/bus';
import { STORAGE_RPC, type TGrantOwner } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { startStorage, storageMigrations, type RunningStorage } from '../src/index';
import { putBytes, storageTestConfig } from './storage.harness';

const WRAP = { from: 16, to: 76 };

/** One storage-credentials instance on the suite's database and data folder, with the given master keys. */
interface Instance {
  bus: Bus;
  storage: RunningStorage;
  stop(): Promise<void>;
}

describe('rotating the storage master key (local driver)', () => {
  let testDb: TestDatabase;
  let db: Knex;
  let dataDir: string;
  const urlSecret = randomBytes(32).toString('hex');
  const oldKey = randomBytes(32).toString('hex');
  const newKey = randomBytes(32).toString('hex');
  const log = createLogger({ service: 'storage-credentials', level: 'silent' });
  let running: Instance | null = null;

  async function start(keys: { STORAGE_MASTER_KEY: string; STORAGE_MASTER_KEY_PREVIOUS?: string }): Promise<Instance> {
    await running?.stop();
    const config = await storageTestConfig(testDb.url, dataDir, { STORAGE_URL_SECRET: urlSecret, ...keys });
    const bus = createInProcessBus({ log });
    const storage = await startStorage({ db, bus, log, config });
    running = {
      bus,
      storage,
      async stop() {
        await storage.stop();
        await bus.drain();
        running = null;
      },
    };
    return running;
  }

  async function store(instance: Instance, owner: TGrantOwner, name: string, body: Buffer): Promise<string> {
    const { grants } = await instance.bus.request(STORAGE_RPC.createUploadGrants, { owner, files: [{ name, size: body.length }] });
    expect((await putBytes(grants[0]!.single!, body)).status).toBe(200);
    await instance.bus.request(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: grants[0]!.uploadToken }] });
    return grants[0]!.fileId;
  }

  async function download(instance: Instance, fileId: string): Promise<{ status: number; body: Buffer }> {
    const { url } = await instance.bus.request(STORAGE_RPC.signDownload, { fileId });
    const res = await fetch(url);
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }

  /** Every object answers 200 with exactly its bytes (compared as buffers: a deep compare of megabytes is slow). */
  async function expectAllDownload(instance: Instance, bodies: Map<string, Buffer>): Promise<void> {
    for (const [fileId, body] of bodies) {
      const got = await download(instance, fileId);
      expect({ fileId, status: got.status, identical: got.body.equals(body) }).toEqual({ fileId, status: 200, identical: true });
    }
  }

  /** Every encrypted blob on disk with its bytes (the speed-test objects included). */
  async function blobs(): Promise<Map<string, Buffer>> {
    const { walk } = await import('../src/drivers/local/local-layout');
    const files = new Map<string, Buffer>();
    for (const path of await walk(join(dataDir, 'objects'))) if (path.includes('/blobs/')) files.set(path, await readFile(path));
    return files;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase('storage_rotate');
    db = await openDb(testDb.url, { schema: 'storage', migrations: storageMigrations });
    dataDir = await mkdtemp(join(tmpdir(), 'ferry-storage-rotate-'));
  });
  afterAll(async () => {
    await running?.stop();
    await db?.destroy();
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when the key is rotated, then every object downloads byte-identical and only the wrapped keys changed on disk; the old key alone opens nothing', async () => {
    const before = await start({ STORAGE_MASTER_KEY: oldKey });
    const bodies = new Map<string, Buffer>();
    const owner: TGrantOwner = { type: 'userUpload', userId: 'ada' };
    for (const [name, size] of [['small.txt', 5000], ['three-segments.bin', 2 * 1024 * 1024 + 17], ['empty.txt', 0]] as const) {
      const body = randomBytes(size);
      bodies.set(await store(before, owner, name, body), body);
    }
    const { objects } = await before.bus.request(STORAGE_RPC.copyObjects, { fileIds: [...bodies.keys()].slice(0, 1), to: { type: 'userUpload', userId: 'bob' } });
    bodies.set(objects[0]!.fileId, bodies.get(objects[0]!.copiedFrom!)!);

    // The rolling switch: the new key deployed, the old one kept as the previous key.
    const during = await start({ STORAGE_MASTER_KEY: newKey, STORAGE_MASTER_KEY_PREVIOUS: oldKey });
    await expectAllDownload(during, bodies);
    const written = randomBytes(3000);
    bodies.set(await store(during, owner, 'after-switch.txt', written), written);
    const onDisk = await blobs();

    const report = await during.bus.request(STORAGE_RPC.rotateMasterKey, {});
    expect(report).toMatchObject({ unreadableCount: 0, unreadable: [] });
    expect(report.rewrapped).toBeGreaterThanOrEqual(3);
    expect(report.alreadyCurrent).toBeGreaterThanOrEqual(1);
    const rotated = await blobs();
    expect([...rotated.keys()].sort()).toEqual([...onDisk.keys()].sort());
    let changedWraps = 0;
    for (const [path, bytes] of onDisk) {
      const now = rotated.get(path)!;
      expect(now.length).toBe(bytes.length);
      expect(now.subarray(0, WRAP.from).equals(bytes.subarray(0, WRAP.from))).toBe(true);
      expect(now.subarray(WRAP.to).equals(bytes.subarray(WRAP.to))).toBe(true);
      if (!now.subarray(WRAP.from, WRAP.to).equals(bytes.subarray(WRAP.from, WRAP.to))) changedWraps += 1;
    }
    // Every blob but the one written after the switch (a copy is a hard link: one re-wrap, two paths).
    expect(changedWraps).toBe(onDisk.size - 1);
    expect((await during.bus.request(STORAGE_RPC.rotateMasterKey, {})).rewrapped).toBe(0);

    // The previous key dropped: everything still reads; the old key alone reads nothing any more.
    const after = await start({ STORAGE_MASTER_KEY: newKey });
    await expectAllDownload(after, bodies);
    const stale = await start({ STORAGE_MASTER_KEY: oldKey });
    const small = [...bodies].find(([, body]) => body.length === 5000)![0];
    expect((await download(stale, small).catch(() => ({ status: 0, body: Buffer.alloc(0) }))).body.equals(bodies.get(small)!)).toBe(false);
  }, 60_000);
});
