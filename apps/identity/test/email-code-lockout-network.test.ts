import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

const wrong = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, '0');
const DAY_S = 24 * 3600;

describe('email code lockout per address and network', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('codes_network');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Asks for a code from `ip` and fails its 5 checks from there: 5 failures for the address. */
  async function failOneCode(email: string, ip: string): Promise<void> {
    h.advance(2_000);
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send', client: { ip } });
    const code = await h.lastCode(email, 'send');
    for (let i = 0; i < 5; i += 1) {
      await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code: wrong(code), purpose: 'send', client: { ip } })).rejects.toMatchObject({
        code: 'CODE_INCORRECT',
      });
    }
  }

  /** The owner, from their own network, asks for a code and enters it. */
  async function ownerVerifies(email: string, ip: string): Promise<unknown> {
    h.advance(2_000);
    try {
      await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send', client: { ip } });
      const code = await h.lastCode(email, 'send');
      return await h.call(IDENTITY_RPC.verifyEmailCode, { email, code, purpose: 'send', client: { ip } });
    } catch (error) {
      return error;
    }
  }

  it('when 100 checks failed from one network, then that network is locked out for a day but the owner on another network still verifies', async () => {
    const email = 'target@example.com';
    const start = h.now().getTime();
    // Twenty addresses of one /24 are one network.
    for (let round = 0; round < 20; round += 1) await failOneCode(email, `198.51.100.${round + 1}`);

    const elapsedS = (h.now().getTime() - start) / 1000;
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email, code: '12345', purpose: 'send', client: { ip: '198.51.100.200' } })).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      status: 429,
      details: { retryAfterSeconds: DAY_S - elapsedS + 2 },
    });
    await expect(h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send', client: { ip: '198.51.100.9' } })).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
    });

    expect(await ownerVerifies(email, '203.0.113.5')).toMatchObject({ verified: true });
    expect(await ownerVerifies(email, '2001:db8:1:2::5')).toMatchObject({ verified: true });
  });

  it('when 1000 checks failed from many networks, then the address is locked out everywhere', async () => {
    const email = 'popular@example.com';
    const start = h.now().getTime();
    // 20 networks, 50 failures each: no network reaches its own 100.
    for (let round = 0; round < 200; round += 1) await failOneCode(email, `192.0.${round % 20}.7`);

    const refused = await ownerVerifies(email, '203.0.113.5');
    // The lockout ends when the first failure (2 s after the start) is a day old.
    const elapsedS = (h.now().getTime() - start) / 1000;
    expect(refused).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', status: 429, details: { retryAfterSeconds: DAY_S - elapsedS + 2 } });
  });
});
