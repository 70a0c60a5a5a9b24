import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { defineEvent } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Bus } from '../src/bus.types';
import { consumer } from '../src/handler-builders';
import { DEAD_LETTER_STREAM, EVENT_STREAM, connectNatsBus } from '../src/nats-bus';
import { writeEvent } from '../src/outbox';
import { startOutboxRelay } from '../src/outbox-relay';
import { countStreamMessages, createMemoryLogger, DOOMED_RELAY_FIXTURE, TEST_NATS_URL } from '../src/testing';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { freePort, waitFor } from '@ferry/testing';

/** A NATS server of the test's own, so the test can stop and restart it. */
function startNatsServer(port: number, storeDir: string): ChildProcess {
  return spawn(process.env['NATS_SERVER_BIN'] ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('outbox over NATS', () => {
  const tag = randomBytes(3).toString('hex');
  const happened = defineEvent(`evt.outbox${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
  let testDb: TestDatabase;
  let db: Knex;
  const buses: Bus[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('outbox');
    db = await openDb(testDb.url, { schema: 'things' });
  });
  afterAll(async () => {
    await Promise.allSettled(buses.map((b) => b.drain()));
    await db?.destroy();
    await testDb?.drop();
  });

  it('when the relay is killed after publishing and before marking, then the event still reaches the consumer exactly once', async () => {
    const event = await db.transaction((trx) => writeEvent(trx, happened, { n: 1 }));
    const child = spawn(process.execPath, ['--import', 'tsx', DOOMED_RELAY_FIXTURE, testDb.url, TEST_NATS_URL, 'things'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exit = await new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    expect(exit).toBe('SIGKILL');
    const row = await db('outbox').where({ id: event.eventId }).first();
    expect(row.published_at).toBeNull();
    expect(await countStreamMessages(TEST_NATS_URL, EVENT_STREAM, happened.subject)).toBe(1);

    const bus = await connectNatsBus(TEST_NATS_URL, { name: 'relay-again', log: createMemoryLogger() });
    buses.push(bus);
    const applied: string[] = [];
    await bus.consume([
      consumer(happened, { durable: `things--killed-relay-${tag}`, db, handle: async (e) => void applied.push(e.eventId) }),
    ]);
    const relay = startOutboxRelay({ db, bus, log: createMemoryLogger() });
    await relay.flush();
    await waitFor('the event applied', () => (applied.length > 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 500));
    await relay.stop();
    expect(applied).toEqual([event.eventId]);
    expect(await countStreamMessages(TEST_NATS_URL, EVENT_STREAM, happened.subject)).toBe(1);
    expect((await db('outbox').where({ id: event.eventId }).first()).published_at).not.toBeNull();
  });

  it('when a handler keeps failing, then the event lands on the dead-letter subject', async () => {
    const bus = await connectNatsBus(TEST_NATS_URL, { name: 'dlq-test', log: createMemoryLogger() });
    buses.push(bus);
    const poison = defineEvent(`evt.dlq${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
    const durable = `things--dlq-${tag}`;
    await bus.consume([consumer(poison, { durable, db, maxDeliver: 2, backoffMs: [20], handle: async () => { throw new Error('poison'); } })]);
    await db.transaction((trx) => writeEvent(trx, poison, { n: 2 }));
    const relay = startOutboxRelay({ db, bus, log: createMemoryLogger() });
    await relay.flush();
    await relay.stop();
    await waitFor('the dead letter', async () => ((await countStreamMessages(TEST_NATS_URL, DEAD_LETTER_STREAM, `dlq.${durable}`)) === 1 ? true : undefined));
  });

  it('when an event has sealed fields, then the stream holds them encrypted and the consumer reads them in clear', async () => {
    const secretEvent = defineEvent(`evt.sealed${tag}.happened`, 1, z.object({ eventId: z.uuid(), code: z.string() }), { sealed: ['code'] });
    const key = 'a-seal-key-that-is-long-enough-for-tests!!';
    const bus = await connectNatsBus(TEST_NATS_URL, { name: 'sealer', log: createMemoryLogger(), sealKey: key });
    buses.push(bus);
    const codes: string[] = [];
    await bus.consume([consumer(secretEvent, { durable: `things--sealed-${tag}`, db, handle: async (e) => void codes.push(e.code) })]);

    const keyless = await connectNatsBus(TEST_NATS_URL, { name: 'keyless', log: createMemoryLogger() });
    buses.push(keyless);
    const keylessLog = createMemoryLogger();
    const refused = startOutboxRelay({ db, bus: keyless, log: keylessLog, pollMs: 50 });
    await db.transaction((trx) => writeEvent(trx, secretEvent, { code: '97531' }));
    await waitFor('the keyless relay to refuse', () => (keylessLog.lines.some((l) => l.level === 'warn') ? true : undefined));
    await refused.stop();
    expect(await countStreamMessages(TEST_NATS_URL, EVENT_STREAM, secretEvent.subject)).toBe(0);

    await db('outbox').where({ subject: secretEvent.subject }).update({ next_attempt_at: null });
    const relay = startOutboxRelay({ db, bus, log: createMemoryLogger() });
    await waitFor('the sealed event consumed', () => (codes.length > 0 ? true : undefined));
    await relay.stop();
    expect(codes).toEqual(['97531']);

    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const stored = await (await jetstreamManager(nc)).streams.getMessage(EVENT_STREAM, { last_by_subj: secretEvent.subject });
      const onWire = new TextDecoder().decode(stored!.data);
      expect(onWire).not.toContain('97531');
      expect(JSON.parse(onWire).code).toMatch(/^sealed:v1:/);
    } finally {
      await nc.close();
    }
  });

  it('when NATS is down at commit time, then the event is published once NATS is back', async () => {
    const port = await freePort();
    const store = mkdtempSync(join(tmpdir(), 'ferry-nats-'));
    const url = `nats://127.0.0.1:${port}`;
    let server = startNatsServer(port, store);
    try {
      const bus = await waitFor('NATS to accept connections', () => connectNatsBus(url, { name: 'flaky', log: createMemoryLogger() }).catch(() => undefined));
      buses.push(bus);
      const applied: number[] = [];
      await bus.consume([consumer(happened, { durable: `things--down-${tag}`, db, handle: async (e) => void applied.push(e.n) })]);
      await stopProcess(server);

      const log = createMemoryLogger();
      const relay = startOutboxRelay({ db, bus, log, pollMs: 100 });
      const event = await db.transaction((trx) => writeEvent(trx, happened, { n: 42 }));
      await waitFor('the relay to warn', () => (log.lines.some((l) => l.level === 'warn') ? true : undefined), 15_000);
      expect((await db('outbox').where({ id: event.eventId }).first()).published_at).toBeNull();

      server = startNatsServer(port, store);
      await waitFor('the event after NATS returned', () => (applied.includes(42) ? true : undefined), 20_000);
      await relay.stop();
      expect(applied.filter((n) => n === 42)).toHaveLength(1);
      expect((await db('outbox').where({ id: event.eventId }).first()).published_at).not.toBeNull();
    } finally {
      await stopProcess(server);
      rmSync(store, { recursive: true, force: true });
    }
  }, 60_000);
});
