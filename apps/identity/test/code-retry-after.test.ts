import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

const wrong = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');

describe('429s of email codes', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('codes_retry_after');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a code is asked for again within 2 s, then the 429 says how long to wait', async () => {
    const email = 'hasty@example.com';
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' });
    h.advance(500);
    await expect(h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' })).rejects.toMatchObject({
      code: 'RESEND_TOO_SOON',
      status: 429,
      details: { retryAfterSeconds: 2 },
    });
    h.advance(1_499);
    await expect(h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' })).rejects.toMatchObject({
      details: { retryAfterSeconds: 1 },
    });
  });

  it('when a code was checked 5 times, then the 429 says when a new one may be asked for', async () => {
    const email = 'spent@example.com';
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send' });
    const code = await h.lastCode(email, 'send');
    for (let i = 0; i < 5; i += 1) {
      await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code: wrong(code), purpose: 'send' })).rejects.toMatchObject({ code: 'CODE_INCORRECT' });
    }
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'send' })).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
      details: { retryAfterSeconds: 2 },
    });
  });
});
