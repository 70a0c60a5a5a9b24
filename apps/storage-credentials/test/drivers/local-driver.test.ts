import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { createLogger, finishHttpApp, listen } from '@ferry/service-kit';
import { freePort } from '@ferry/testing';
import { localByteRoutes } from '../../src/http/local-byte.routes';
import { createLocalDriver } from '../../src/drivers/local/local-driver';
import { describeStorageDriverContract } from '../../src/drivers/storage-driver.contract';

describeStorageDriverContract('local', async () => {
  const rootDir = await mkdtemp(join(tmpdir(), 'ferry-local-contract-'));
  const port = await freePort();
  const urlSecret = randomBytes(32);
  const driver = createLocalDriver({ rootDir, masterKey: randomBytes(32), urlSecret, publicUrl: `http://127.0.0.1:${port}` });
  const app = express();
  app.use(localByteRoutes({ driver, urlSecret }));
  finishHttpApp(app, { log: createLogger({ service: 'local-contract', level: 'silent' }) });
  const server = await listen(app, port);
  const bucket = 'ferry-contract';
  await driver.ensureBucket(bucket);
  return {
    driver,
    bucket,
    async teardown() {
      await server.close();
      await rm(rootDir, { recursive: true, force: true });
    },
  };
});
