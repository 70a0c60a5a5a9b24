import { randomBytes, randomUUID } from 'node:crypto';
import { AppError, defineEvent, defineRpc } from '@ferry/contracts';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { waitFor } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Bus } from '../src/bus.types';
import { consumer } from '../src/handler-builders';
import { handle } from '../src/testing';
import { writeEvent } from '../src/outbox';
import { startOutboxRelay } from '../src/outbox-relay';
import { createMemoryLogger } from '../src/testing';

/** One suite, two transports: the in-process bus must behave like the NATS one. */
export function describeBusContract(name: string, makeBus: (service: string) => Promise<Bus>): void {
  describe(`${name} bus`, () => {
    const tag = randomBytes(3).toString('hex');
    const greet = defineRpc(
      `svc.greeter${tag}.say-hello`,
      z.object({ name: z.string().min(1) }),
      z.object({ greeting: z.string() }),
    );
    const fail = defineRpc(`svc.greeter${tag}.fail-politely`, z.object({}), z.object({}));
    const crash = defineRpc(`svc.greeter${tag}.crash`, z.object({}), z.object({}));
    const lie = defineRpc(`svc.greeter${tag}.break-contract`, z.object({}), z.object({ n: z.number() }));
    const happened = defineEvent(`evt.thing${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
    let testDb: TestDatabase;
    let db: Knex;
    let server: Bus;
    let client: Bus;
    const log = createMemoryLogger();

    beforeAll(async () => {
      testDb = await createTestDatabase('bus');
      db = await openDb(testDb.url, { schema: 'things', migrations: [
        { name: '20261122000000_create_applied', up: (k) => k.schema.createTable('applied', (t) => { t.integer('n'); }) },
      ] });
      server = await makeBus(`greeter${tag}`);
      client = await makeBus('client');
      await server.serve(`greeter${tag}`, [
        handle(greet, async (req) => ({ greeting: `hello ${req.name}` })),
        handle(fail, async () => {
          throw new AppError('EMAIL_TAKEN', { message: 'This email has been taken' });
        }),
        handle(crash, async () => {
          throw new Error('secret internals at /srv/db');
        }),
        handle(lie, async () => ({ n: 'not a number' }) as unknown as { n: number }),
      ]);
    });
    afterAll(async () => {
      await client?.drain();
      if (server !== client) await server?.drain();
      await db?.destroy();
      await testDb?.drop();
    });

    it('when an RPC is called, then the typed reply comes back', async () => {
      await expect(client.request(greet, { name: 'Ada' })).resolves.toEqual({ greeting: 'hello Ada' });
    });

    it('when the request breaks the contract, then it is refused with VALIDATION_FAILED naming the field', async () => {
      const error = await client.request(greet, { name: '' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION_FAILED');
      expect((error as AppError).details?.['field']).toBe('name');
    });

    it('when the handler throws an AppError, then the caller gets the same code, status and message', async () => {
      const error = (await client.request(fail, {}).catch((e: unknown) => e)) as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect([error.code, error.status, error.message]).toEqual(['EMAIL_TAKEN', 409, 'This email has been taken']);
    });

    it('when the handler crashes, then the caller gets INTERNAL without the internals', async () => {
      const error = (await client.request(crash, {}).catch((e: unknown) => e)) as AppError;
      expect(error.code).toBe('INTERNAL');
      expect(error.message).not.toContain('/srv/db');
    });

    it('when the handler replies outside its contract, then the caller gets INTERNAL', async () => {
      const error = (await client.request(lie, {}).catch((e: unknown) => e)) as AppError;
      expect(error.code).toBe('INTERNAL');
    });

    it('when nobody serves the subject, then the caller gets SERVICE_UNAVAILABLE', async () => {
      const nobody = defineRpc(`svc.nobody${tag}.anything`, z.object({}), z.object({}));
      const error = (await client.request(nobody, {}, { timeoutMs: 1_000 }).catch((e: unknown) => e)) as AppError;
      expect(['SERVICE_UNAVAILABLE', 'SERVICE_TIMEOUT']).toContain(error.code);
    });

    it('when an event is written in a committed transaction, then the consumer applies it once, even if published twice', async () => {
      const seen: number[] = [];
      await server.consume([
        consumer(happened, {
          durable: `things--happened-${tag}`,
          db,
          handle: async (event, { trx }) => {
            await trx('applied').insert({ n: event.n });
            seen.push(event.n);
          },
        }),
      ]);
      const relay = startOutboxRelay({ db, bus: client, log });
      const written = await db.transaction((trx) => writeEvent(trx, happened, { n: 1 }));
      await relay.flush();
      await client.publishEvent(happened.subject, written.eventId, written, {});
      await waitFor('the event in the inbox', async () => (await db('inbox').where({ event_id: written.eventId }).first()) ?? undefined);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([1]);
      expect(await db('applied').pluck('n')).toEqual([1]);
      await relay.stop();
    });

    it('when a newer producer writes version 2 with an added field, then a consumer of version 1 handles it and sees the version', async () => {
      const shipped = defineEvent(`evt.parcel${tag}.shipped`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
      const shippedV2 = defineEvent(`evt.parcel${tag}.shipped`, 2, z.object({ eventId: z.uuid(), n: z.number(), carrier: z.string() }));
      const seen: Array<{ event: unknown; version: number }> = [];
      await server.consume([
        consumer(shipped, {
          durable: `things--parcel-shipped-${tag}`,
          db,
          handle: async (event, { version }) => {
            seen.push({ event, version });
          },
        }),
      ]);
      const relay = startOutboxRelay({ db, bus: client, log });
      const written = await db.transaction((trx) => writeEvent(trx, shippedV2, { n: 7, carrier: 'SF Express' }));
      await relay.flush();
      await waitFor('the newer event handled', () => seen.length > 0);
      expect(seen).toEqual([{ event: { eventId: written.eventId, n: 7 }, version: 2 }]);
      await relay.stop();
    });

    it('when an RPC declares its timeout, then a call waits that long by default', async () => {
      const slow = defineRpc(`svc.greeter${tag}.take-time`, z.object({}), z.object({}), { timeoutMs: 300 });
      await server.serve(`greeter${tag}`, [handle(slow, () => new Promise((resolve) => setTimeout(() => resolve({}), 1_000)))]);
      const started = Date.now();
      const error = (await client.request(slow, {}).catch((e: unknown) => e)) as AppError;
      expect(error.code).toBe('SERVICE_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(900);
    });

    it('when the transaction that wrote an event rolls back, then nothing is published', async () => {
      await db
        .transaction(async (trx) => {
          await writeEvent(trx, happened, { n: 99 });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      expect(await db('outbox').whereRaw("payload->>'n' = '99'").count({ n: '*' })).toEqual([{ n: '0' }]);
    });

    it('when the handler fails, then its writes roll back and the event is redelivered until it succeeds', async () => {
      const retried = defineEvent(`evt.retry${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
      let attempts = 0;
      await server.consume([
        consumer(retried, {
          durable: `things--retried-${tag}`,
          db,
          backoffMs: [50],
          handle: async (event, { trx, deliveryCount }) => {
            attempts += 1;
            await trx('applied').insert({ n: event.n });
            if (deliveryCount < 3) throw new Error('not yet');
          },
        }),
      ]);
      const relay = startOutboxRelay({ db, bus: client, log, pollMs: 50 });
      const { eventId } = await db.transaction((trx) => writeEvent(trx, retried, { n: 7 }));
      await waitFor('the event in the inbox', async () => (await db('inbox').where({ event_id: eventId }).first()) ?? undefined);
      await relay.flush();
      await relay.stop();
      expect(attempts).toBe(3);
      expect(await db('applied').where({ n: 7 }).count({ c: '*' })).toEqual([{ c: '1' }]);
    });

    it('when one event cannot be published, then the events behind it still go out', async () => {
      const stuckDb = await openDb(testDb.url, { schema: 'stuck' });
      try {
        const later = defineEvent(`evt.later${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
        const seenLater: number[] = [];
        await server.consume([consumer(later, { durable: `things--later-${tag}`, db, handle: async (e) => void seenLater.push(e.n) })]);
        // A row whose subject no transport accepts, ahead of a good one.
        await stuckDb('outbox').insert({ id: randomBytes(16).toString('hex').replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5'), subject: '', payload: {}, headers: {} });
        await stuckDb.transaction((trx) => writeEvent(trx, later, { n: 5 }));
        const relay = startOutboxRelay({ db: stuckDb, bus: client, log, pollMs: 50 });
        await waitFor('the later event', () => (seenLater.includes(5) ? true : undefined));
        await relay.stop();
        const stuck = await stuckDb('outbox').where({ subject: '' }).first();
        expect(stuck.published_at).toBeNull();
        expect(stuck.attempts).toBeGreaterThan(0);
        expect(stuck.last_error).toEqual(expect.any(String));
      } finally {
        await stuckDb.destroy();
      }
    });

    it('when an event is published, then every observer gets it once, even if it is published twice', async () => {
      const observed = defineEvent(`evt.observed${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
      const seenByServer: number[] = [];
      const seenByClient: number[] = [];
      const onServer = await server.observe(observed, (event) => void seenByServer.push(event.n));
      const onClient = await client.observe(observed, (event) => void seenByClient.push(event.n));
      const eventId = randomUUID();
      await client.publishEvent(observed.subject, eventId, { eventId, n: 3 }, {});
      await client.publishEvent(observed.subject, eventId, { eventId, n: 3 }, {});
      await waitFor('both observers', () => (seenByServer.length > 0 && seenByClient.length > 0 ? true : undefined));
      await new Promise((r) => setTimeout(r, 200));
      await Promise.all([onServer.stop(), onClient.stop()]);
      expect([seenByServer, seenByClient]).toEqual([[3], [3]]);
    });

    it('when an observed event breaks its schema or the observer throws, then later events still arrive', async () => {
      const observed = defineEvent(`evt.checked${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
      const seen: number[] = [];
      const observer = await server.observe(observed, (event) => {
        seen.push(event.n);
        if (event.n === 1) throw new Error('observer failed');
      });
      for (const payload of [{ n: 'not a number' }, { n: 1 }, { n: 2 }]) {
        const eventId = randomUUID();
        await client.publishEvent(observed.subject, eventId, { ...payload, eventId }, {});
      }
      await waitFor('the last event', () => (seen.includes(2) ? true : undefined));
      await observer.stop();
      expect(seen).toEqual([1, 2]);
    });

    it('when an observer is stopped, then it gets nothing more', async () => {
      const observed = defineEvent(`evt.stopped${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
      const seen: number[] = [];
      const observer = await server.observe(observed, (event) => void seen.push(event.n));
      const first = randomUUID();
      await client.publishEvent(observed.subject, first, { eventId: first, n: 1 }, {});
      await waitFor('the first event', () => (seen.length === 1 ? true : undefined));
      await observer.stop();
      const second = randomUUID();
      await client.publishEvent(observed.subject, second, { eventId: second, n: 2 }, {});
      await new Promise((r) => setTimeout(r, 200));
      expect(seen).toEqual([1]);
    });

    it('when the handler keeps failing, then it stops after maxDeliver and nothing is applied', async () => {
      const poison = defineEvent(`evt.poison${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
      let attempts = 0;
      await server.consume([
        consumer(poison, {
          durable: `things--poison-${tag}`,
          db,
          maxDeliver: 3,
          backoffMs: [30],
          handle: async () => {
            attempts += 1;
            throw new Error('always');
          },
        }),
      ]);
      const relay = startOutboxRelay({ db, bus: client, log, pollMs: 50 });
      const { eventId } = await db.transaction((trx) => writeEvent(trx, poison, { n: 8 }));
      await waitFor('three attempts', () => (attempts >= 3 ? true : undefined));
      await relay.flush();
      await relay.stop();
      await new Promise((r) => setTimeout(r, 500));
      expect(attempts).toBe(3);
      expect(await db('inbox').where({ event_id: eventId }).first()).toBeUndefined();
    });
  });
}
