import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('login', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('login');
    await h.register('lin@example.com', { password: 'right password' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the password is wrong, then 401 AUTH_FAILED "Auth Failed"', async () => {
    await expect(h.call(IDENTITY_RPC.login, { email: 'lin@example.com', password: 'wrong password' })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      status: 401,
      message: 'Auth Failed',
    });
  });

  it('when the email is unknown, then the same 401 "Auth Failed"', async () => {
    await expect(h.call(IDENTITY_RPC.login, { email: 'ghost@example.com', password: 'right password' })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      status: 401,
      message: 'Auth Failed',
    });
  });

  it('when the credentials are right, then a session comes back and loginCount grows', async () => {
    const first = await h.call(IDENTITY_RPC.login, { email: 'LIN@example.com', password: 'right password' });
    const second = await h.call(IDENTITY_RPC.login, { email: 'lin@example.com', password: 'right password' });
    expect(second.user.loginCount).toBe(first.user.loginCount + 1);
    expect(second.accessToken).toEqual(expect.any(String));
    expect(new Date(second.refreshTokenExpiresAt).getTime()).toBe(h.now().getTime() + 30 * 24 * 3600_000);
  });
});
