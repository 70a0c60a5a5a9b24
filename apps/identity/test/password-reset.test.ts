import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDENTITY_RPC, PASSWORD_RESET_ASKED, PASSWORD_RESET_REQUESTED } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('password reset', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('reset');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The token of the `nth` reset mail asked for `email` (identity issues it off the request path). */
  const tokenFor = async (email: string, nth = 1) =>
    (await h.waitForEvents(PASSWORD_RESET_REQUESTED, (e) => e.email === email, nth))[nth - 1]?.token ?? '';

  it('when the email has no account, then the answer is the same and no reset mail is asked for', async () => {
    const before = await h.events(PASSWORD_RESET_REQUESTED);
    expect(await h.call(IDENTITY_RPC.requestPasswordReset, { email: 'nobody@example.com' })).toEqual({});
    const [asked] = await h.waitForEvents(PASSWORD_RESET_ASKED, (e) => e.email === 'nobody@example.com');
    await vi.waitFor(async () => expect(await h.db('inbox').where({ event_id: asked?.eventId })).toHaveLength(1));
    expect(await h.events(PASSWORD_RESET_REQUESTED)).toHaveLength(before.length);
  });

  it('when a reset is requested for an account, then a 256-bit single-use token is mailed and checks as valid', async () => {
    const session = await h.register('rita@example.com', { fullName: 'Rita' });
    expect(await h.call(IDENTITY_RPC.requestPasswordReset, { email: 'Rita@example.com', lang: 'zh' })).toEqual({});
    const [event] = await h.waitForEvents(PASSWORD_RESET_REQUESTED, (e) => e.email === 'rita@example.com');
    if (!event) throw new Error('no reset mail was asked for');
    expect(event).toMatchObject({ userId: session.user.id, fullName: 'Rita', lang: 'zh' });
    expect(Buffer.from(event.token, 'base64url')).toHaveLength(32);
    expect(new Date(event.expiresAt).getTime()).toBe(h.now().getTime() + 30 * 60_000);
    expect(JSON.stringify(await h.db('password_resets'))).not.toContain(event.token);
    expect(await h.call(IDENTITY_RPC.checkPasswordReset, { token: event.token })).toEqual({ valid: true });
  });

  it('when the token is unknown, then 404 RESET_TOKEN_INVALID', async () => {
    await expect(h.call(IDENTITY_RPC.checkPasswordReset, { token: 'x'.repeat(43) })).rejects.toMatchObject({
      code: 'RESET_TOKEN_INVALID',
      status: 404,
    });
    await expect(h.call(IDENTITY_RPC.resetPassword, { token: 'x'.repeat(43), password: 'whatever1' })).rejects.toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });
  });

  it('when the password is reset, then every session ends, the old password fails, and the link and its siblings are spent', async () => {
    const email = 'reset@example.com';
    const signedUp = await h.register(email, { password: 'old password' });
    const loggedIn = await h.call(IDENTITY_RPC.login, { email, password: 'old password' });
    await h.call(IDENTITY_RPC.requestPasswordReset, { email });
    const older = await tokenFor(email);
    await h.call(IDENTITY_RPC.requestPasswordReset, { email });
    const newer = await tokenFor(email, 2);

    expect(await h.call(IDENTITY_RPC.resetPassword, { token: newer, password: 'new password' })).toEqual({});

    for (const session of [signedUp, loggedIn]) {
      await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: session.refreshToken })).rejects.toMatchObject({
        code: 'REFRESH_INVALID',
      });
    }
    await expect(h.call(IDENTITY_RPC.login, { email, password: 'old password' })).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    await h.call(IDENTITY_RPC.login, { email, password: 'new password' });

    await expect(h.call(IDENTITY_RPC.resetPassword, { token: newer, password: 'third password' })).rejects.toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });
    await expect(h.call(IDENTITY_RPC.checkPasswordReset, { token: older })).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID' });
  });

  it('when 30 minutes have passed, then the link no longer works', async () => {
    const email = 'slow@example.com';
    await h.register(email);
    await h.call(IDENTITY_RPC.requestPasswordReset, { email });
    const token = await tokenFor(email);
    h.advance(30 * 60_000);
    await expect(h.call(IDENTITY_RPC.checkPasswordReset, { token })).rejects.toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    await expect(h.call(IDENTITY_RPC.resetPassword, { token, password: 'new password' })).rejects.toMatchObject({
      code: 'RESET_TOKEN_INVALID',
    });
  });
});
