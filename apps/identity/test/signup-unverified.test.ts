import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('signup without a verification', () => {
  let h: IdentityHarness;
  let strangersTicket: string;
  beforeAll(async () => {
    h = await bootIdentity('signup_unverified');
    await h.register('taken@example.com');
    await h.call(IDENTITY_RPC.requestEmailCode, { email: 'stranger@example.com', purpose: 'register' });
    const verified = await h.call(IDENTITY_RPC.verifyEmailCode, { email: 'stranger@example.com', code: await h.lastCode('stranger@example.com'), purpose: 'register' });
    strangersTicket = verified.ticket;
  });
  afterAll(async () => {
    await h?.close();
  });

  const answerTo = (email: string, verificationTicket: string | undefined) =>
    h.call(IDENTITY_RPC.signup, { email, password: 'secret1', verificationTicket }).then(
      () => ({ created: true }),
      (error: { code: string; status: number; message: string }) => ({ code: error.code, status: error.status, message: error.message }),
    );

  it('when it comes without a ticket, with a made-up one or with one for another address, then a taken and a free address get the same 403', async () => {
    for (const ticket of [undefined, 'x'.repeat(43), strangersTicket]) {
      const taken = await answerTo('taken@example.com', ticket);
      const free = await answerTo('free@example.com', ticket);
      expect(taken).toEqual({ code: 'EMAIL_NOT_VERIFIED', status: 403, message: 'Verify your email before signing up.' });
      expect(free).toEqual(taken);
    }
    expect(await h.db('users').where({ email: 'free@example.com' })).toHaveLength(0);
  });
});
