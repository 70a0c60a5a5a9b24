import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { createInProcessBus, startOutboxRelay, writeEvent, type EventInput, type OutboxRelay } from '@ferry/bus';
import { DEFAULT_USER_SETTINGS, GEO_RPC, UNKNOWN_LOCATION, USER_SETTINGS_RPC, type EventDef, type RpcDef, type TGeoLocation, type TUserSettings } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { createLogger } from '@ferry/service-kit';
import { waitFor } from '@ferry/testing';
import { loadNotificationsConfig, notificationsMigrations, startNotifications } from '../../src/index';

/** Addresses the stand-in geo knows; anything else is an unknown place, as geo answers. */
export const GEO_TABLE: Record<string, TGeoLocation> = {
  '94.200.0.1': { known: true, countryCode: 'AE', country: 'United Arab Emirates', city: 'Dubai' },
  '1.2.4.8': { known: true, countryCode: 'CN', country: 'China', city: 'unknown' },
  '2a00:1450:4001::1': { known: true, countryCode: 'DE', country: 'Germany', city: 'Frankfurt am Main' },
};

/** A test double for the geo service: answers from `GEO_TABLE`, or answers too late while `isHanging`. */
export interface StandInGeo {
  lookups: string[];
  isHanging: boolean;
}

/** How late a hanging geo answers: past the harness's timeout, short enough for the bus to drain. */
const HANG_MS = 1_000;

export interface NotificationsHarness {
  /** The service's schema. */
  db: Knex;
  bus: ReturnType<typeof createInProcessBus>;
  log: ReturnType<typeof createMemoryLogger>;
  /** Serves `svc.geo.lookup` on the bus (until then nobody answers it). */
  serveGeo(): Promise<StandInGeo>;
  /** The settings the stand-in identity answers, by user id (the defaults for anyone else). */
  settings: Map<string, TUserSettings>;
  /** Writes an event to a stand-in transfers outbox and relays it, the way transfers does. */
  publish<T extends { eventId: string }>(event: EventDef<T>, input: EventInput<T>): Promise<T>;
  call<TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq): Promise<TRes>;
  /** Resolves once the consumer's transaction for the event has committed. */
  waitUntilHandled(eventId: string): Promise<void>;
  /** Payloads of one event in the service's outbox, oldest first: what it committed. */
  emitted<T extends { eventId: string }>(event: EventDef<T>): Promise<T[]>;
  rows(): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

export interface NotificationsHarnessOptions {
  /** The in-process bus drops a repeated event id inside this window; 0 lets a test redeliver one. */
  duplicateWindowMs?: number;
  /** Serve the stand-in geo from the start. */
  withGeo?: boolean;
  /** Below `HANG_MS`, so that a hanging geo is a timeout. */
  geoTimeoutMs?: number;
}

/** Boots notifications on its own database, the in-process bus and a stand-in transfers outbox. */
export async function startNotificationsHarness(suite: string, options: NotificationsHarnessOptions = {}): Promise<NotificationsHarness> {
  const testDb: TestDatabase = await createTestDatabase(`notifications_${suite}`);
  const db = await openDb(testDb.url, { schema: 'notifications', migrations: notificationsMigrations });
  const transfersDb = await openDb(testDb.url, { schema: 'transfers_fake' });
  const log = createMemoryLogger();
  const bus = createInProcessBus({ log, duplicateWindowMs: options.duplicateWindowMs });
  const relay: OutboxRelay = startOutboxRelay({ db: transfersDb, bus, log, pollMs: 50, maxBackoffMs: 300 });
  const config = loadNotificationsConfig({ DATABASE_URL: testDb.url, GEO_TIMEOUT_MS: String(options.geoTimeoutMs ?? 500) });
  const settings = new Map<string, TUserSettings>();
  await bus.serve('identity', [handle(USER_SETTINGS_RPC.getSettings, async ({ userId }) => settings.get(userId) ?? DEFAULT_USER_SETTINGS)]);
  const service = await startNotifications({ db, bus, log: createLogger({ service: 'notifications', level: 'silent' }), config });

  const harness: NotificationsHarness = {
    db,
    bus,
    log,
    settings,
    async serveGeo() {
      const geo: StandInGeo = { lookups: [], isHanging: false };
      await bus.serve('geo', [
        handle(GEO_RPC.lookup, async ({ ip }) => {
          geo.lookups.push(ip);
          if (geo.isHanging) await new Promise((resolve) => setTimeout(resolve, HANG_MS));
          return GEO_TABLE[ip] ?? UNKNOWN_LOCATION;
        }),
      ]);
      return geo;
    },
    async publish(event, input) {
      const published = await writeEvent(transfersDb, event, input);
      relay.kick();
      return published;
    },
    call: (rpc, request) => bus.request(rpc, request),
    async waitUntilHandled(eventId) {
      await waitFor(`event ${eventId} handled`, async () => (await db('inbox').where({ event_id: eventId }).first()) !== undefined).catch((error: unknown) => {
        // What the bus said of the event (a handler that failed and waits to retry, say), so a timeout tells why.
        const said = log.lines.filter((line) => line.level !== 'debug' && JSON.stringify(line.obj).includes(eventId));
        throw new Error(`${(error as Error).message}; the bus said: ${JSON.stringify(said.map((line) => ({ level: line.level, msg: line.msg, err: String((line.obj as { err?: unknown }).err ?? '') })))}`, { cause: error });
      });
    },
    async emitted(event) {
      const rows: Array<{ payload: unknown }> = await db('outbox').select('payload').where({ subject: event.subject }).orderBy('seq');
      return rows.map((row) => event.schema.parse(row.payload));
    },
    rows: () => db('notifications').select('*').orderBy('created_at'),
    async close() {
      await relay.stop();
      await service.stop();
      await bus.drain();
      await Promise.all([db.destroy(), transfersDb.destroy()]);
      await testDb.drop();
    },
  };
  if (options.withGeo) await harness.serveGeo();
  return harness;
}
