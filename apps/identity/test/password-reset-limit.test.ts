import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC, PASSWORD_RESET_REQUESTED } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

const MINUTE = 60_000;

describe('reset mails per address', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('reset_limit');
    await h.register('owner@example.com');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Asks for a reset at +0, +10 and +20 min, then the 4th at +30 min: what the 4th answers. */
  async function fourthRequestOf(email: string): Promise<unknown> {
    const start = h.now().getTime();
    for (let i = 0; i < 3; i += 1) {
      expect(await h.call(IDENTITY_RPC.requestPasswordReset, { email })).toEqual({});
      h.advance(10 * MINUTE);
    }
    const refused = await h.call(IDENTITY_RPC.requestPasswordReset, { email }).catch((error: unknown) => error);
    expect(h.now().getTime() - start).toBe(30 * MINUTE);
    return refused;
  }

  it('when an address asked for 3 links within an hour, then the 4th is a 429 with Retry-After, the same for an account and for no account', async () => {
    const forAccount = await fourthRequestOf('owner@example.com');
    const forNobody = await fourthRequestOf('nobody@example.com');

    const expected = { code: 'RATE_LIMITED', status: 429, details: { retryAfterSeconds: 30 * 60 } };
    expect(forAccount).toMatchObject(expected);
    expect(forNobody).toMatchObject(expected);
    expect((forNobody as Error).message).toBe((forAccount as Error).message);
    expect(await h.waitForEvents(PASSWORD_RESET_REQUESTED, (e) => e.email === 'owner@example.com', 3)).toHaveLength(3);

    // Another address is not held up by these.
    expect(await h.call(IDENTITY_RPC.requestPasswordReset, { email: 'someone.else@example.com' })).toEqual({});
  });

  it('when the oldest request leaves the hour, then the address may ask again', async () => {
    const email = 'patient@example.com';
    const refused = await fourthRequestOf(email);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 30 * 60 } });
    h.advance(30 * MINUTE - 1_000);
    await expect(h.call(IDENTITY_RPC.requestPasswordReset, { email })).rejects.toMatchObject({ details: { retryAfterSeconds: 1 } });
    h.advance(1_000);
    expect(await h.call(IDENTITY_RPC.requestPasswordReset, { email })).toEqual({});
  });

  it('when many requests for one address arrive at once, then 3 pass', async () => {
    const email = 'burst@example.com';
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => h.call(IDENTITY_RPC.requestPasswordReset, { email })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await h.db('password_reset_requests').where({ email })).toHaveLength(3);
  });
});
