import { randomUUID } from 'node:crypto';
import { defineEvent } from '@ferry/contracts';
import { openDb } from '@ferry/db';
import { createTestDatabase } from '@ferry/db/testing';
import { startNatsCluster, waitFor, type LocalNatsServer } from '@ferry/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Bus } from '../src/bus.types';
import { consumer } from '../src/handler-builders';
import { connectNatsBus, EVENT_STREAM } from '../src/nats-bus';
import { createMemoryLogger } from '../src/testing';

const SHIPPED = defineEvent('evt.parcel.shipped', 1, z.object({ eventId: z.uuid(), n: z.number() }));

async function streamInfo(url: string) {
  const nc = await connect({ servers: url.split(',') });
  try {
    return await (await jetstreamManager(nc)).streams.info(EVENT_STREAM);
  } finally {
    await nc.close();
  }
}

async function consumerLeader(url: string, durable: string): Promise<string | undefined> {
  const nc = await connect({ servers: url.split(',') });
  try {
    return (await (await jetstreamManager(nc)).consumers.info(EVENT_STREAM, durable)).cluster?.leader;
  } finally {
    await nc.close();
  }
}

/** Publishes like the outbox relay does: retried with the same message id until JetStream acknowledges it. */
async function publishUntilStored(bus: Bus, n: number): Promise<void> {
  const eventId = randomUUID();
  await waitFor(`event ${n} stored`, async () => {
    try {
      await bus.publishEvent(SHIPPED.subject, eventId, { eventId, n }, { 'Ferry-Event-Version': '1' });
      return true;
    } catch {
      return false;
    }
  }, 30_000);
}

describe('a three-node NATS cluster', () => {
  let nodes: LocalNatsServer[] = [];
  let url = '';
  beforeAll(async () => {
    nodes = await startNatsCluster(3);
    url = nodes.map((node) => node.url).join(',');
  }, 30_000);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.kill()));
  });

  it('when the streams are brought to R3 and the node leading the consumer is killed, then consumers still receive every event and none is lost', async () => {
    const testDb = await createTestDatabase(`bus_cluster_${Date.now()}`);
    const db = await openDb(testDb.url, { schema: 'parcels', migrations: [] });
    const received = new Set<number>();
    // The first connection waits for the cluster to elect its JetStream meta leader.
    const connectWith = (name: string, streamReplicas: number) =>
      waitFor<Bus>(`${name} connected to the cluster`, () => connectNatsBus(url, { name, log: createMemoryLogger(), streamReplicas }).catch(() => false), 20_000);
    // A release from before NATS_STREAM_REPLICAS made the streams R1; the next start brings them to R3.
    await (await connectWith('parcels', 1)).drain();
    expect((await streamInfo(url)).config.num_replicas).toBe(1);
    const producer = await connectWith('parcels', 3);
    const mail = await connectWith('mail', 3);
    try {
      const before = await waitFor('the stream replicated to three nodes', async () => {
        const info = await streamInfo(url);
        return info.cluster?.replicas?.length === 2 && info.cluster.replicas.every((replica) => replica.current) && info;
      });
      expect(before.config.num_replicas).toBe(3);
      expect(before.cluster?.replicas?.length).toBe(2);
      await mail.consume([consumer(SHIPPED, { durable: 'mail--parcel-shipped', db, handle: async (event) => void received.add(event.n) })]);

      for (let n = 0; n < 20; n++) await publishUntilStored(producer, n);
      await waitFor('the first 20 events consumed', () => received.size === 20);

      // The node holding the consumer's pulls (often the stream's leader too): the hardest one to lose.
      const leaderName = await consumerLeader(url, 'mail--parcel-shipped');
      const leader = nodes.find((node) => node.name === leaderName);
      expect(leader, `consumer leader ${leaderName}`).toBeDefined();
      await leader!.kill();
      nodes = nodes.filter((node) => node !== leader);

      for (let n = 20; n < 40; n++) await publishUntilStored(producer, n);
      await waitFor('all 40 events consumed after the node was lost', () => received.size === 40, 30_000);
      expect([...received].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
      const after = await streamInfo(nodes.map((node) => node.url).join(','));
      expect(after.state.messages).toBe(40);
      expect(after.cluster?.leader).not.toBe(leader!.name);
      expect(await consumerLeader(nodes.map((node) => node.url).join(','), 'mail--parcel-shipped')).not.toBe(leader!.name);
    } finally {
      await Promise.allSettled([producer.drain(), mail.drain()]);
      await db.destroy();
      await testDb.drop();
    }
  }, 60_000);
});
