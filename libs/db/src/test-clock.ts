import type { Knex } from 'knex';
import { z } from 'zod';

/** One row every process of an environment reads: the offset from real time, in ms. */
const TABLE = 'ferry_test_clock.offsets';

/**
 * A service's config fields for the test clock. FERRY_TEST_CLOCK=1 makes the service's time real
 * time plus an offset that tests move (`POST /api/v1/test-clock`); production never sets it, and a
 * service refuses to start with it when NODE_ENV=production.
 */
export function envTestClock() {
  return {
    FERRY_TEST_CLOCK: z
      .enum(['0', '1'], { message: 'must be 1 (tests only) or 0' })
      .default('0')
      .transform((value) => value === '1'),
    NODE_ENV: z.string().default('development'),
  };
}

/** The time a service decides with (expiry, expiring, digests…). */
export interface ServiceClock {
  /** True with FERRY_TEST_CLOCK=1: the offset applies and can be moved. */
  readonly isTest: boolean;
  now(): Date;
  offsetMs(): number;
  /** Reads the offset in force (another process may have moved it); nothing to do on real time. */
  refresh(): Promise<void>;
  /** Adds `advanceMs` to the offset, or sets it to `offsetMs`, for every process; refused on real time. */
  move(change: { advanceMs: number } | { offsetMs: number }): Promise<void>;
  close(): void;
}

export interface ServiceClockOptions {
  /** FERRY_TEST_CLOCK=1. */
  isTest: boolean;
  /** NODE_ENV: 'production' with `isTest` is refused. */
  nodeEnv: string;
  /** How often the offset is read again in the background (processes that serve no RPC see a move within this). */
  refreshMs?: number;
}

const realClock: ServiceClock = {
  isTest: false,
  now: () => new Date(),
  offsetMs: () => 0,
  refresh: async () => undefined,
  move: async () => {
    throw new Error('The test clock is off: start the services with FERRY_TEST_CLOCK=1');
  },
  close: () => undefined,
};

async function ensureTable(db: Knex): Promise<void> {
  // Services starting together must not race on creating the schema.
  await db.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('ferry-test-clock'))`);
    const { rows } = await trx.raw<{ rows: { found: string | null }[] }>(`select to_regclass('${TABLE}')::text as found`);
    if (rows[0]?.found) return;
    await trx.raw('create schema if not exists ferry_test_clock');
    await trx.raw(`create table ${TABLE} (id smallint primary key, offset_ms bigint not null, updated_at timestamptz not null default now())`);
    // Each service may have its own database role: whichever creates the table lets the others move and read it.
    await trx.raw('grant usage on schema ferry_test_clock to public');
    await trx.raw(`grant select, insert, update on ${TABLE} to public`);
  });
}

async function readOffset(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { offset_ms: string }[] }>(`select offset_ms from ${TABLE} where id = 1`);
  return Number(rows[0]?.offset_ms ?? 0);
}

/**
 * Real time, or with FERRY_TEST_CLOCK=1 real time plus the offset stored in Postgres, which every
 * process of the environment reads (at start, before each use, and every `refreshMs`). Without
 * the setting the table is never read: an offset left there changes nothing.
 */
export async function openServiceClock(db: Knex, options: ServiceClockOptions): Promise<ServiceClock> {
  if (!options.isTest) return realClock;
  if (options.nodeEnv === 'production') {
    throw new Error('FERRY_TEST_CLOCK=1 is refused with NODE_ENV=production: the test clock is for tests only. Unset FERRY_TEST_CLOCK.');
  }
  await ensureTable(db);
  let offset = await readOffset(db);
  // A read that started before this process moved the clock must not put the old offset back.
  let moves = 0;
  const refresh = async () => {
    const movesBefore = moves;
    const read = await readOffset(db);
    if (moves === movesBefore) offset = read;
  };
  const timer = setInterval(() => {
    refresh().catch(() => undefined);
  }, options.refreshMs ?? 500);
  timer.unref();
  return {
    isTest: true,
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    refresh,
    async move(change) {
      const next = 'advanceMs' in change ? `${TABLE}.offset_ms + excluded.offset_ms` : 'excluded.offset_ms';
      const value = 'advanceMs' in change ? change.advanceMs : change.offsetMs;
      const { rows } = await db.raw<{ rows: { offset_ms: string }[] }>(
        `insert into ${TABLE} (id, offset_ms) values (1, ?) on conflict (id) do update set offset_ms = ${next}, updated_at = now() returning offset_ms`,
        [value],
      );
      moves += 1;
      offset = Number(rows[0]?.offset_ms ?? value);
    },
    close: () => clearInterval(timer),
  };
}
