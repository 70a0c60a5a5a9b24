import { randomUUID } from 'node:crypto';
import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger } from '@ferry/bus/testing';
import { SESSION_REVOKED } from '@ferry/contracts';
import { createLogger } from '@ferry/service-kit';
import { waitFor } from '@ferry/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createSessionRevocations } from '../src/auth/session-revocations';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const log = createLogger({ service: 'gateway-test', level: 'silent' });

describe('session revocations shared through Redis', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  afterAll(async () => {
    await bus.drain();
  });

  it('when one replica hears a revocation, then a replica that missed the event refuses the token too', async () => {
    const observing = createSessionRevocations({ bus, log, redisUrl: REDIS_URL });
    const missedIt = createSessionRevocations({ bus: createInProcessBus({ log: createMemoryLogger() }), log, redisUrl: REDIS_URL });
    try {
      await observing.start();
      const userId = randomUUID();
      const sid = randomUUID();
      const expiresAt = new Date(Date.now() + 60_000).toISOString();
      await bus.publishEvent(SESSION_REVOKED.subject, randomUUID(), { eventId: randomUUID(), userId, sessionId: sid, minVersion: null, expiresAt }, {});
      await bus.publishEvent(SESSION_REVOKED.subject, randomUUID(), { eventId: randomUUID(), userId, sessionId: null, minVersion: 3, expiresAt }, {});

      await waitFor('the revocations to reach Redis', async () => missedIt.isRevoked({ sub: userId, sid: randomUUID(), ver: 2 }), 5_000);
      expect(await missedIt.isRevoked({ sub: userId, sid, ver: 3 })).toBe(true);
      expect(await missedIt.isRevoked({ sub: userId, sid: randomUUID(), ver: 2 })).toBe(true);
      expect(await missedIt.isRevoked({ sub: userId, sid: randomUUID(), ver: 3 })).toBe(false);
      expect(await missedIt.isRevoked({ sub: randomUUID(), sid: randomUUID(), ver: 1 })).toBe(false);
    } finally {
      await observing.close();
      await missedIt.close();
    }
  });

  it('when a revocation has expired, then it no longer covers anything', async () => {
    const revocations = createSessionRevocations({ bus, log });
    try {
      await revocations.start();
      const userId = randomUUID();
      const sid = randomUUID();
      await bus.publishEvent(SESSION_REVOKED.subject, randomUUID(), { eventId: randomUUID(), userId, sessionId: sid, minVersion: null, expiresAt: new Date(Date.now() - 1).toISOString() }, {});
      await bus.publishEvent(SESSION_REVOKED.subject, randomUUID(), { eventId: randomUUID(), userId, sessionId: null, minVersion: 2, expiresAt: new Date(Date.now() + 60_000).toISOString() }, {});
      await waitFor('the live revocation to arrive', async () => revocations.isRevoked({ sub: userId, sid: randomUUID(), ver: 1 }), 5_000);
      expect(await revocations.isRevoked({ sub: userId, sid, ver: 2 })).toBe(false);
    } finally {
      await revocations.close();
    }
  });
});
