import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { AppError, IDENTITY_RPC } from '@ferry/contracts';
import { createLogger } from '@ferry/service-kit';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp } from '../src/gateway.app';

describe('email code checks through the gateway', () => {
  it("when a code is checked, then identity learns the caller's address (its lockout counts per network) and a lockout answers with Retry-After", async () => {
    const seen: unknown[] = [];
    const bus = createInProcessBus({ log: createMemoryLogger() });
    await bus.serve('identity', [
      handle(IDENTITY_RPC.verifyEmailCode, async (req) => {
        seen.push(req);
        throw new AppError('TOO_MANY_ATTEMPTS', { message: 'Too many attempts, request a new code later.', details: { retryAfterSeconds: 3600 } });
      }),
    ]);
    const config = ZGatewayConfig.parse({ AUTH_JWT_SECRET: 'test-secret-that-is-at-least-32-characters-long', TRUST_PROXY_HOPS: '1' });
    const gateway = createGatewayApp({ bus, log: createLogger({ service: 'gateway-test', level: 'silent' }), config });
    try {
      const res = await request(gateway.app)
        .post('/api/v1/auth/email-codes/verify')
        .set('X-Forwarded-For', '198.51.100.23')
        .send({ email: 'a@b.co', code: '12345', purpose: 'send' });

      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('3600');
      expect(seen).toEqual([expect.objectContaining({ email: 'a@b.co', client: expect.objectContaining({ ip: '198.51.100.23' }) })]);
    } finally {
      await Promise.all([gateway.rateLimits.close(), gateway.revocations.close()]);
    }
  });
});
