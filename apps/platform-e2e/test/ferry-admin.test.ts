import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestRpcOnce, writeEvent } from '@ferry/bus';
import { TEST_NATS_URL } from '@ferry/bus/testing';
import { defineEvent, STORAGE_RPC, TRANSFERS_RPC, type RpcDef } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { freePort, startServiceProcess, waitFor, type ServiceProcess } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ferryAdmin } from './admin-command';

const DAY = 86_400_000;

/** The operator's commands against transfers and storage-credentials running as processes on the machine's Postgres and NATS. */
describe('ferry-admin purge-transfer, rotate-master-key and outbox', () => {
  const prefix = `adm${randomBytes(3).toString('hex')}`;
  const oldKey = randomBytes(32).toString('hex');
  const newKey = randomBytes(32).toString('hex');
  let testDb: TestDatabase;
  let transfersDb: Knex;
  let dataDir: string;
  let env: Record<string, string>;
  let adminEnv: Record<string, string>;
  let storage: ServiceProcess | undefined;
  let transfers: ServiceProcess | undefined;
  const call = <TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq) => requestRpcOnce(TEST_NATS_URL, rpc, request, { prefix });

  async function startStorage(keys: { STORAGE_MASTER_KEY: string; STORAGE_MASTER_KEY_PREVIOUS?: string }): Promise<void> {
    await storage?.stop();
    const port = await freePort();
    storage = startServiceProcess('storage-credentials', 'apps/storage-credentials/src/main.ts', { ...env, ...keys, PORT: String(port), STORAGE_PUBLIC_URL: `http://127.0.0.1:${port}` });
    await waitFor('storage to answer', () => call(STORAGE_RPC.listRegions, {}).catch(() => undefined), 60_000);
  }

  async function store(body: Buffer): Promise<string> {
    const { grants } = await call(STORAGE_RPC.createUploadGrants, { owner: { type: 'userUpload', userId: 'ada' }, files: [{ name: 'a.bin', size: body.length }] });
    const single = grants[0]!.single!;
    expect((await fetch(single.url, { method: 'PUT', headers: single.headers, body })).status).toBe(200);
    await call(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: grants[0]!.uploadToken }] });
    return grants[0]!.fileId;
  }

  async function download(fileId: string): Promise<Buffer> {
    const { url } = await call(STORAGE_RPC.signDownload, { fileId });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  /** A transfer of one stored file, as transfers records it, expiring at `expiryDate`. */
  async function seedTransfer(fileId: string, expiryDate: Date): Promise<{ id: string; slug: string }> {
    const id = randomUUID();
    const slug = randomBytes(8).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 7);
    const at = new Date(expiryDate.getTime() - 7 * DAY);
    await transfersDb('transfers').insert({
      id, slug, sender_email: 'ada@acme.example', lang: 'en', send_as: 'link', region: 'oss-cn-hongkong', status: 'live', expiry_seconds: 604_800,
      expiry_date: expiryDate, created_at: at, date_sent: at, updated_at: at, total_size: 11, file_count: 1, first_file_name: 'a.bin',
    });
    await transfersDb('transfer_files').insert({ id: fileId, transfer_id: id, position: 0, name: 'a.bin', size: 11, kind: 'file', status: 'complete', created_at: at });
    return { id, slug };
  }

  beforeAll(async () => {
    testDb = await createTestDatabase('admin');
    dataDir = await mkdtemp(join(tmpdir(), 'ferry-admin-'));
    env = {
      DATABASE_URL: testDb.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix, EVENT_SEAL_KEY: randomBytes(32).toString('hex'),
      STORAGE_URL_SECRET: randomBytes(32).toString('hex'), DATA_DIR: dataDir, LOG_LEVEL: 'info', HOST: '127.0.0.1', HEALTH_PORT: '0', OPS_PORT: '0',
    };
    adminEnv = { NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix, DATABASE_URL: testDb.url };
    await startStorage({ STORAGE_MASTER_KEY: oldKey });
    transfers = startServiceProcess('transfers', 'apps/transfers/src/main.ts', env);
    await waitFor('transfers to answer', () => call(TRANSFERS_RPC.purge, { slug: 'Zz9Zz9Z' }).then(() => undefined, (error: { code?: string }) => error.code === 'NOT_FOUND'), 60_000);
    transfersDb = await openDb(testDb.url, { schema: 'transfers', migrate: false });
  }, 150_000);
  afterAll(async () => {
    await Promise.all([storage?.stop(), transfers?.stop()]);
    await transfersDb?.destroy();
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when a transfer expired yesterday, then purge-transfer deletes its object at once and keeps its row marked purged; an active one is refused', async () => {
    const fileId = await store(randomBytes(11));
    const expired = await seedTransfer(fileId, new Date(Date.now() - DAY));

    const purged = await ferryAdmin(adminEnv, 'purge-transfer', expired.slug);
    expect(purged).toMatchObject({ code: 0, stdout: `purged\t${expired.id}\t1 files\n` });
    await expect(call(STORAGE_RPC.signDownload, { fileId })).rejects.toMatchObject({ code: 'OBJECT_NOT_FOUND' });
    expect((await transfersDb('transfers').where({ id: expired.id }).first()).purged_at).toEqual(expect.any(Date));
    expect(await ferryAdmin(adminEnv, 'purge-transfer', expired.slug)).toMatchObject({ code: 0, stdout: `already purged\t${expired.id}\n` });

    const active = await seedTransfer(await store(randomBytes(11)), new Date(Date.now() + DAY));
    expect(await ferryAdmin(adminEnv, 'purge-transfer', active.slug)).toMatchObject({ code: 1, stderr: 'VALIDATION_FAILED: This transfer has not expired\n' });
    expect((await ferryAdmin(adminEnv, 'purge-transfer', 'not/a-slug')).code).toBe(2);
  }, 60_000);

  it('when storage runs with a new master key and the old one as previous, then rotate-master-key re-wraps every object and the new key alone reads them all', async () => {
    const bodies = new Map<string, Buffer>();
    for (const size of [10, 70_000]) {
      const body = randomBytes(size);
      bodies.set(await store(body), body);
    }
    await startStorage({ STORAGE_MASTER_KEY: newKey, STORAGE_MASTER_KEY_PREVIOUS: oldKey });

    const rotated = await ferryAdmin(adminEnv, 'rotate-master-key');
    expect(rotated.code).toBe(0);
    expect(Number(/^rewrapped\t(\d+)$/m.exec(rotated.stdout)?.[1])).toBeGreaterThanOrEqual(bodies.size);
    expect(rotated.stdout).toMatch(/^unreadable\t0$/m);
    expect(await ferryAdmin(adminEnv, 'rotate-master-key')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^rewrapped\t0$/m) });

    await startStorage({ STORAGE_MASTER_KEY: newKey });
    for (const [fileId, body] of bodies) expect((await download(fileId)).equals(body)).toBe(true);
  }, 90_000);

  it('when events wait in a schema\'s outbox, then outbox shows their count and age, and 0 once they are published', async () => {
    const parcels = await openDb(testDb.url, { schema: 'parcels' });
    try {
      const shipped = defineEvent('evt.parcel.shipped', 1, z.object({ eventId: z.uuid() }));
      await parcels.transaction(async (trx) => {
        await writeEvent(trx, shipped, {});
        await writeEvent(trx, shipped, {});
      });
      await parcels('outbox').update({ created_at: new Date(Date.now() - 90_000) });
      const waiting = await ferryAdmin(adminEnv, 'outbox');
      expect(waiting.code).toBe(0);
      const row = /^parcels\t(\d+)\t(\d+)$/m.exec(waiting.stdout);
      expect(Number(row?.[1])).toBe(2);
      expect(Number(row?.[2])).toBeGreaterThanOrEqual(90);
      expect(waiting.stdout).toMatch(/^transfers\t\d+\t\d+$/m);

      await parcels('outbox').update({ published_at: new Date() });
      expect((await ferryAdmin(adminEnv, 'outbox')).stdout).toMatch(/^parcels\t0\t0$/m);
      expect((await ferryAdmin({ ...adminEnv, DATABASE_URL: '' }, 'outbox')).code).toBe(2);
    } finally {
      await parcels.destroy();
    }
  }, 60_000);
});
