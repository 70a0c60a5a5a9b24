import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { createInProcessBus, type Bus } from '@ferry/bus';
import { handle } from '@ferry/bus/testing';
import { AppError, GEO_RPC, STORAGE_RPC, TRANSFERS_RPC, UNKNOWN_LOCATION, type RpcDef } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { loadTransfersConfig, startTransfers, transfersMigrations, type RunningTransfers } from '../../src/index';

export interface SeededTransfer {
  id: string;
  slug: string;
  fileId: string;
  /** The per-recipient token of each mailed recipient's link, in order. */
  recipientTokens: string[];
}

export interface TransfersHarness {
  bus: Bus;
  db: Knex;
  running: RunningTransfers;
  /** The service's clock; tests move it instead of waiting. */
  now(): Date;
  advance(ms: number): void;
  call<TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq): Promise<TRes>;
  /** A live transfer of one complete file, as quick send leaves it once uploaded. */
  seedTransfer(options?: { password?: string; recipients?: string[] }): Promise<SeededTransfer>;
  close(): Promise<void>;
}

const randomSlug = () => randomBytes(8).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 7);

/**
 * Boots transfers in-process on its own database and the in-process bus, with stand-ins for
 * storage (signed URLs) and geo (every place unknown) answering on that bus.
 */
export async function bootTransfers(suite: string): Promise<TransfersHarness> {
  const testDb: TestDatabase = await createTestDatabase(`transfers_${suite}`);
  const db = await openDb(testDb.url, { schema: 'transfers', migrations: transfersMigrations });
  const log = createLogger({ service: 'transfers', level: 'silent' });
  const bus = createInProcessBus({ log });
  await bus.serve('storage', [
    handle(STORAGE_RPC.signDownload, async ({ fileId }) => ({ url: `http://storage.test/objects/${fileId}`, expiresAt: new Date(Date.now() + 600_000).toISOString() })),
    handle(STORAGE_RPC.signZip, async ({ name }) => ({ url: `http://storage.test/zip/${name}`, expiresAt: new Date(Date.now() + 600_000).toISOString(), size: 1 })),
  ]);
  await bus.serve('geo', [handle(GEO_RPC.lookup, async () => UNKNOWN_LOCATION)]);
  const config = loadTransfersConfig({ DATABASE_URL: testDb.url, EVENT_SEAL_KEY: 'seal-key-for-transfers-tests-32-chars-long', LOG_LEVEL: 'silent' });
  let now = new Date();
  const running = await startTransfers({ db, bus, log, config, clock: () => now });

  const harness: TransfersHarness = {
    bus,
    db,
    running,
    now: () => now,
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
    call: (rpc, request) => bus.request(rpc, request),
    async seedTransfer(options = {}) {
      const id = randomUUID();
      const fileId = randomUUID();
      const slug = randomSlug();
      const at = harness.now();
      await db('transfers').insert({
        id,
        slug,
        sender_email: 'ada@acme.example',
        lang: 'en',
        send_as: options.recipients ? 'email' : 'link',
        region: 'oss-cn-hongkong',
        status: 'live',
        password_hash: options.password ? await hash(options.password) : null,
        expiry_seconds: 604_800,
        expiry_date: new Date(at.getTime() + 7 * 24 * 3_600_000),
        created_at: at,
        date_sent: at,
        updated_at: at,
        total_size: 11,
        file_count: 1,
        first_file_name: 'report.pdf',
      });
      await db('transfer_files').insert({ id: fileId, transfer_id: id, position: 0, name: 'report.pdf', size: 11, kind: 'file', status: 'complete', created_at: at });
      const recipientTokens: string[] = [];
      for (const email of options.recipients ?? []) {
        const token = randomBytes(9).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x').slice(0, 12);
        await db('transfer_recipients').insert({ id: randomUUID(), transfer_id: id, email, token });
        recipientTokens.push(token);
      }
      return { id, slug, fileId, recipientTokens };
    },
    async close() {
      await running.stop();
      await bus.drain();
      await db.destroy();
      await testDb.drop();
    },
  };
  return harness;
}

export type PublicRoute = 'get' | 'file' | 'zip' | 'extension';

export interface PublicCaller {
  ip: string;
  password?: string;
  recipient?: string;
}

export interface Outcome {
  /** 'OK', or the error code the call was refused with. */
  code: string;
  retryAfterSeconds?: number;
}

/** One call of a transfer's public route (the download page, one file, the ZIP, an extension request). */
export async function openAs(harness: TransfersHarness, transfer: SeededTransfer, caller: PublicCaller, route: PublicRoute = 'get'): Promise<Outcome> {
  const access = { slug: transfer.slug, password: caller.password, recipient: caller.recipient, client: { ip: caller.ip } };
  try {
    if (route === 'get') await harness.call(TRANSFERS_RPC.publicGet, access);
    else if (route === 'file') await harness.call(TRANSFERS_RPC.publicDownload, { ...access, body: { fileId: transfer.fileId } });
    else if (route === 'zip') await harness.call(TRANSFERS_RPC.publicDownload, { ...access, body: { all: true } });
    else await harness.call(TRANSFERS_RPC.requestExtension, access);
    return { code: 'OK' };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const retryAfterSeconds = error.details?.['retryAfterSeconds'];
    return typeof retryAfterSeconds === 'number' ? { code: error.code, retryAfterSeconds } : { code: error.code };
  }
}
