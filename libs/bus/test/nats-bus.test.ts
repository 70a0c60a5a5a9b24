import { randomBytes, randomUUID } from 'node:crypto';
import { defineEvent, defineRpc } from '@ferry/contracts';
import { openDb } from '@ferry/db';
import { createTestDatabase } from '@ferry/db/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { consumer } from '../src/handler-builders';
import { connectNatsBus, EVENT_STREAM } from '../src/nats-bus';
import { natsNames } from '../src/nats-names';
import { waitFor } from '@ferry/testing';
import { consumerInfo, createMemoryLogger, deleteConsumer, deleteStreams, handle, TEST_NATS_URL } from '../src/testing';
import { describeBusContract } from './bus-contract';

describeBusContract('NATS', (service) => connectNatsBus(TEST_NATS_URL, { name: service, log: createMemoryLogger() }));

describe('NATS consumers across releases', () => {
  it('when a service starts again with a changed maxDeliver, then the durable consumer takes the new setting', async () => {
    const tag = randomBytes(3).toString('hex');
    const event = defineEvent(`evt.release${tag}.shipped`, 1, z.object({ eventId: z.uuid() }));
    const testDb = await createTestDatabase(`bus_release_${tag}`);
    const db = await openDb(testDb.url, { schema: 'releases', migrations: [] });
    const durable = `releases--shipped-${tag}`;
    const start = async (maxDeliver: number) => {
      const bus = await connectNatsBus(TEST_NATS_URL, { name: 'releases', log: createMemoryLogger() });
      await bus.consume([consumer(event, { durable, db, maxDeliver, handle: async () => undefined })]);
      return bus;
    };
    try {
      await (await start(8)).drain();
      expect((await consumerInfo(TEST_NATS_URL, EVENT_STREAM, durable)).config.max_deliver).toBe(8);
      await (await start(200)).drain();
      expect((await consumerInfo(TEST_NATS_URL, EVENT_STREAM, durable)).config.max_deliver).toBe(200);
    } finally {
      await deleteConsumer(TEST_NATS_URL, EVENT_STREAM, durable);
      await db.destroy();
      await testDb.drop();
    }
  });
});

describe('two environments on one NATS', () => {
  it('when staging and a preview share a NATS, then neither sees the other\'s RPCs, events or durable consumers', async () => {
    const tag = randomBytes(3).toString('hex');
    const greet = defineRpc(`svc.envtest${tag}.say-hello`, z.object({}), z.object({ from: z.string() }));
    const happened = defineEvent(`evt.envtest${tag}.happened`, 1, z.object({ eventId: z.uuid(), n: z.number() }));
    const testDb = await createTestDatabase(`bus_env_${tag}`);
    const dbs = await Promise.all(['staging', 'preview'].map((schema) => openDb(testDb.url, { schema, migrations: [] })));
    const [staging, preview] = await Promise.all(
      [`st${tag}`, `pv${tag}`].map((prefix) => connectNatsBus(TEST_NATS_URL, { name: `envtest${tag}`, prefix, log: createMemoryLogger() })),
    );
    const seen: Record<string, number[]> = { staging: [], preview: [] };
    try {
      await staging!.serve(`envtest${tag}`, [handle(greet, async () => ({ from: 'staging' }))]);
      expect(await staging!.request(greet, {})).toEqual({ from: 'staging' });
      await expect(preview!.request(greet, {}, { timeoutMs: 1_000 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

      // The same durable name in both environments: each has its own.
      const durable = `envtest--happened-${tag}`;
      await staging!.consume([consumer(happened, { durable, db: dbs[0]!, handle: async (e) => void seen['staging']!.push(e.n) })]);
      await preview!.consume([consumer(happened, { durable, db: dbs[1]!, handle: async (e) => void seen['preview']!.push(e.n) })]);
      await staging!.publishEvent(happened.subject, randomUUID(), { eventId: randomUUID(), n: 1 }, {});
      await preview!.publishEvent(happened.subject, randomUUID(), { eventId: randomUUID(), n: 2 }, {});
      await waitFor('both events handled', () => seen['staging']!.length === 1 && seen['preview']!.length === 1, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toEqual({ staging: [1], preview: [2] });
    } finally {
      await Promise.all([staging?.drain(), preview?.drain()]);
      for (const prefix of [`st${tag}`, `pv${tag}`]) await deleteStreams(TEST_NATS_URL, natsNames(prefix));
      await Promise.all(dbs.map((db) => db.destroy()));
      await testDb.drop();
    }
  });
});
