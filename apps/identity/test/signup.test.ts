import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC, USER_REGISTERED } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('signup', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('signup');
  });
  afterAll(async () => {
    await h?.close();
  });

  async function verify(email: string): Promise<string> {
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'register' });
    const { ticket } = await h.call(IDENTITY_RPC.verifyEmailCode, { email, code: await h.lastCode(email), purpose: 'register' });
    return ticket;
  }

  it('when the email was never verified, then 403 EMAIL_NOT_VERIFIED and nothing is written', async () => {
    await expect(h.call(IDENTITY_RPC.signup, { email: 'nobody@example.com', password: 'secret1' })).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      status: 403,
    });
    expect(await h.db('users').where({ email: 'nobody@example.com' })).toHaveLength(0);
    expect(await h.events(USER_REGISTERED, (e) => e.email === 'nobody@example.com')).toHaveLength(0);
  });

  it('when only a quick-send code was verified, then it does not count for signup', async () => {
    const email = 'sender@example.com';
    await h.call(IDENTITY_RPC.requestEmailCode, { email, purpose: 'send' });
    const { ticket } = await h.call(IDENTITY_RPC.verifyEmailCode, { email, code: await h.lastCode(email, 'send'), purpose: 'send' });
    await expect(h.call(IDENTITY_RPC.signup, { email, password: 'secret1', verificationTicket: ticket })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('when the verification is older than 24 h, then signup is refused', async () => {
    const email = 'stale@example.com';
    const ticket = await verify(email);
    h.advance(24 * 3600_000);
    await expect(h.call(IDENTITY_RPC.signup, { email, password: 'secret1', verificationTicket: ticket })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('when someone else verified the email, then signing up without their ticket is refused', async () => {
    const email = 'victim@example.com';
    const ticket = await verify(email);
    const otherTicket = await verify('attacker@example.com');
    for (const verificationTicket of [undefined, otherTicket, `${ticket}x`]) {
      await expect(h.call(IDENTITY_RPC.signup, { email, password: 'hijack1', verificationTicket })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    }
    await expect(h.call(IDENTITY_RPC.signup, { email, password: 'secret1', verificationTicket: ticket })).resolves.toMatchObject({ user: { email } });
  });

  it('when the same email signs up twice, then the second gets 409 EMAIL_TAKEN', async () => {
    const email = 'twice@example.com';
    const ticket = await verify(email);
    h.advance(3_000);
    const secondTicket = await verify(email);
    await h.call(IDENTITY_RPC.signup, { email, password: 'secret1', verificationTicket: ticket });
    await expect(h.call(IDENTITY_RPC.signup, { email: 'Twice@Example.com', password: 'secret2', verificationTicket: secondTicket })).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
      status: 409,
      message: 'This email has been taken',
    });
    expect(await h.events(USER_REGISTERED, (e) => e.email === email)).toHaveLength(1);
  });

  it('when two signups of one email race, then one account exists and the other is refused', async () => {
    const email = 'racer@example.com';
    const first = await verify(email);
    h.advance(3_000);
    const second = await verify(email);
    const results = await Promise.allSettled([
      h.call(IDENTITY_RPC.signup, { email, password: 'secret1', verificationTicket: first }),
      h.call(IDENTITY_RPC.signup, { email, password: 'secret2', verificationTicket: second }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(await h.db('users').where({ email })).toHaveLength(1);
  });

  it('when no plan is given, then the plan is PRM, unpaid, with Free limits until billing starts it; Free is active', async () => {
    const paid = await h.register('default@example.com');
    expect(paid.user).toMatchObject({ plan: 'PRM', role: 'Free', status: 'unpaid' });
    const free = await h.register('free@example.com', { plan: 'Free' });
    expect(free.user).toMatchObject({ plan: 'Free', role: 'Free', status: 'active', lang: 'en', region: 'oss-cn-hongkong' });
  });

  it('when the password is shorter than 6, then 400 with the product message', async () => {
    await expect(h.call(IDENTITY_RPC.signup, { email: 'short@example.com', password: '12345' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('Password has to be atleast 6 characters'),
    });
  });
});
