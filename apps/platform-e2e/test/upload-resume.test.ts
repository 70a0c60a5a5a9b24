import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNatsBus, type Bus } from '@ferry/bus';
import { TEST_NATS_URL } from '@ferry/bus/testing';
import { STORAGE_RPC } from '@ferry/contracts';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { freePort, startServiceProcess, waitFor, type ServiceProcess } from '@ferry/testing';
import { UPLOAD_STATUS, UploadCancelledError, completionOf, createHttpUploadApi, uploadFile } from '@ferry/upload-engine';
import { createFileCheckpointStore, fileSource } from '@ferry/upload-engine/node';

const MB = 1024 * 1024;
const SIZE = 300 * MB;

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: MB })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** storage-credentials and the gateway as OS processes over the real NATS and Postgres; the engine talks to the gateway like a browser. */
describe('a 300 MB upload survives the storage process being killed', () => {
  let db: TestDatabase;
  let dir: string;
  let filePath: string;
  let env: Record<string, string>;
  let storage: ServiceProcess;
  let gateway: ServiceProcess;
  let bus: Bus;
  let api: string;

  beforeAll(async () => {
    db = await createTestDatabase('upload_resume');
    dir = await mkdtemp(join(tmpdir(), 'ferry-resume-'));
    filePath = join(dir, 'footage.mov');
    const file = await open(filePath, 'w');
    for (let written = 0; written < SIZE; written += 8 * MB) await file.write(randomBytes(Math.min(8 * MB, SIZE - written)));
    await file.close();
    const [gatewayPort, storagePort] = await Promise.all([freePort(), freePort()]);
    env = {
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(storagePort),
      STORAGE_PUBLIC_URL: `http://127.0.0.1:${storagePort}`,
      DATA_DIR: join(dir, 'data'),
      STORAGE_MASTER_KEY: randomBytes(32).toString('hex'),
      STORAGE_URL_SECRET: randomBytes(32).toString('hex'),
      HEALTH_PORT: '0',
      OPS_PORT: '0',
      LOG_LEVEL: 'info',
    };
    storage = startServiceProcess('storage-credentials', 'apps/storage-credentials/src/main.ts', env);
    gateway = startServiceProcess('gateway', 'apps/gateway/src/main.ts', { ...env, PORT: String(gatewayPort), HOST: '127.0.0.1' });
    api = `http://127.0.0.1:${gatewayPort}/api/v1`;
    bus = await connectNatsBus(TEST_NATS_URL, { name: 'upload-resume-test', log: createLogger({ service: 'test', level: 'silent' }) });
    await waitFor('gateway and storage to answer', async () => (await fetch(`${api}/regions`).catch(() => null))?.status === 200, 60_000);
  }, 120_000);

  afterAll(async () => {
    await bus?.drain();
    await Promise.all([storage?.stop(), gateway?.stop()]);
    await db?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('when storage is SIGKILLed mid-upload and restarted, then the engine resumes from its checkpoint and the stored file is byte-identical', async () => {
    const { grants } = await bus.request(STORAGE_RPC.createUploadGrants, {
      owner: { type: 'userUpload', userId: 'resume' },
      files: [{ name: 'footage.mov', size: SIZE, contentType: 'video/quicktime' }],
    });
    const grant = grants[0]!;
    const checkpointDir = join(dir, 'checkpoints');
    const uploadApi = createHttpUploadApi({ apiUrl: api });
    const controller = new AbortController();
    let partsBeforeKill = 0;
    let killing: Promise<void> | undefined;

    await expect(
      uploadFile({
        source: await fileSource(filePath),
        grant,
        api: uploadApi,
        checkpoints: createFileCheckpointStore(checkpointDir),
        partSize: 8 * MB,
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type !== 'part' || killing) return;
          partsBeforeKill += 1;
          if (partsBeforeKill === 12) {
            // Storage dies under the upload; the sender gives up for now (closes the laptop).
            killing = storage.kill().then(() => controller.abort());
          }
        },
      }),
    ).rejects.toBeInstanceOf(UploadCancelledError);
    await killing;
    expect(storage.child.signalCode).toBe('SIGKILL');

    const saved = await createFileCheckpointStore(checkpointDir).get(filePath);
    expect(saved?.parts.length).toBeGreaterThanOrEqual(12);
    expect(saved?.parts.length).toBeLessThan(SIZE / (8 * MB));

    storage = startServiceProcess('storage-credentials', 'apps/storage-credentials/src/main.ts', env);
    await waitFor('storage to answer again', async () => (await fetch(`${api}/regions`).catch(() => null))?.status === 200, 60_000);

    const statuses: string[] = [];
    // A new engine run, as after a reload: only the checkpoint file carries over.
    const result = await uploadFile({
      source: await fileSource(filePath),
      grant,
      api: uploadApi,
      checkpoints: createFileCheckpointStore(checkpointDir),
      partSize: 8 * MB,
      onEvent: (event) => {
        if (event.type === 'status') statuses.push(event.status);
      },
    });
    expect(statuses).toContain(UPLOAD_STATUS.resuming);
    expect(result.bytesSent).toBeLessThanOrEqual(SIZE - 12 * 8 * MB);
    expect(await createFileCheckpointStore(checkpointDir).get(filePath)).toBeUndefined();

    // As the web app and the CLI complete: the parts of both runs as a part set, one run (every part 8 MB).
    expect(completionOf(result).partSet?.runs).toHaveLength(1);
    const completed = await fetch(`${api}/storage/uploads/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploads: [completionOf(result)] }),
    });
    expect(completed.status).toBe(200);
    expect(((await completed.json()) as { objects: Array<{ size: number }> }).objects[0]!.size).toBe(SIZE);

    const expected = await sha256OfFile(filePath);
    const stored = await waitFor(
      'the server-side SHA-256',
      async () => (await bus.request(STORAGE_RPC.getObjects, { fileIds: [grant.fileId] })).objects[0]?.sha256 ?? undefined,
      60_000,
    );
    expect(stored).toBe(expected);
    // And the bytes a recipient downloads are the same.
    const { url } = await bus.request(STORAGE_RPC.signDownload, { fileId: grant.fileId });
    const download = await fetch(url);
    const hash = createHash('sha256');
    for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
    expect(hash.digest('hex')).toBe(expected);
  }, 180_000);

  it('when storage is down for a few seconds under a running upload, then the engine retries on its schedule and finishes in the same run', async () => {
    const size = 120 * MB;
    const { grants } = await bus.request(STORAGE_RPC.createUploadGrants, { owner: { type: 'userUpload', userId: 'resume' }, files: [{ name: 'part.bin', size }] });
    const path = join(dir, 'part.bin');
    const file = await open(path, 'w');
    await file.write(randomBytes(size));
    await file.close();
    const warnings: number[] = [];
    let parts = 0;
    let outage: Promise<void> | undefined;
    const result = await uploadFile({
      source: await fileSource(path),
      grant: grants[0]!,
      api: createHttpUploadApi({ apiUrl: api }),
      checkpoints: createFileCheckpointStore(join(dir, 'checkpoints-2')),
      partSize: 4 * MB,
      onEvent: (event) => {
        if (event.type === 'warning') warnings.push(event.attempt);
        if (event.type === 'part' && ++parts === 5) {
          outage = storage.kill().then(async () => {
            await new Promise((r) => setTimeout(r, 1_500));
            storage = startServiceProcess('storage-credentials', 'apps/storage-credentials/src/main.ts', env);
          });
        }
      },
    });
    await outage;
    expect(warnings[0]).toBe(2);
    const completed = await fetch(`${api}/storage/uploads/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploads: [{ uploadToken: result.uploadToken, parts: result.parts }] }),
    });
    expect(completed.status).toBe(200);
    const stored = await waitFor('the SHA-256', async () => (await bus.request(STORAGE_RPC.getObjects, { fileIds: [grants[0]!.fileId] })).objects[0]?.sha256 ?? undefined, 60_000);
    expect(stored).toBe(await sha256OfFile(path));
  }, 180_000);
});
