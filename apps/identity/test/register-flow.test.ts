import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify } from 'jose';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  EMAIL_CODE_REQUESTED,
  IDENTITY_RPC,
  USER_REGISTERED,
  ZAccessClaims,
} from '@ferry/contracts';
import { bootIdentity, TEST_JWT_SECRET, type IdentityHarness } from './identity.harness';

describe('register, log in, refresh, log out', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('register');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when someone registers and uses their session, then every step answers and a reused refresh token ends the family', async () => {
    const email = 'ada@example.com';

    // 1. a code is requested; it travels only in the event written with the state
    expect(await h.call(IDENTITY_RPC.requestEmailCode, { email: ' Ada@Example.com ', purpose: 'register' })).toEqual({});
    const requested = await h.lastEvent(EMAIL_CODE_REQUESTED, (e) => e.email === email);
    expect(requested).toMatchObject({ email, purpose: 'register', lang: 'en' });
    expect(requested.code).toMatch(/^\d{5}$/);
    expect(new Date(requested.expiresAt).getTime()).toBe(h.now().getTime() + 10 * 60_000);
    const [stored] = await h.db('email_codes').where({ email });
    expect(JSON.stringify(stored)).not.toContain(`"${requested.code}"`);

    // 2. verify
    const verified = await h.call(IDENTITY_RPC.verifyEmailCode, { email, code: requested.code, purpose: 'register' });
    expect(verified).toEqual({ verified: true, ticket: expect.any(String) });

    // 3. signup
    const signedUp = await h.call(IDENTITY_RPC.signup, {
      email,
      verificationTicket: verified.ticket,
      password: 'correct horse',
      fullName: 'Ada Lovelace',
      company: 'Analytical Engines',
      plan: 'PRM',
      fingerprint: { timezone: 'Europe/London' },
    });
    expect(signedUp.user).toMatchObject({
      email,
      fullName: 'Ada Lovelace',
      company: 'Analytical Engines',
      // The chosen plan is kept; its limits wait for the card (billing's trial).
      role: 'Free',
      plan: 'PRM',
      status: 'unpaid',
      lang: 'en',
      region: 'oss-cn-hongkong',
      loginCount: 1,
      isTeamMember: false,
      parentAdmin: null,
    });
    const { payload } = await jwtVerify(signedUp.accessToken, new TextEncoder().encode(TEST_JWT_SECRET), {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      currentDate: h.now(),
    });
    expect(ZAccessClaims.parse(payload)).toEqual({
      sub: signedUp.user.id,
      email,
      role: 'Free',
      status: 'unpaid',
      isTeamMember: false,
      parentAdminId: null,
      sid: expect.any(String),
      ver: 1,
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(900);
    expect(await h.lastEvent(USER_REGISTERED, (e) => e.email === email)).toMatchObject({
      userId: signedUp.user.id,
      role: 'PRM',
      status: 'unpaid',
      isTeamMember: false,
    });
    const [user] = await h.db('users').where({ id: signedUp.user.id });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.fingerprint).toEqual({ timezone: 'Europe/London' });

    // 4. login
    const loggedIn = await h.call(IDENTITY_RPC.login, { email, password: 'correct horse', client: { ip: '10.0.0.1', userAgent: 'vitest' } });
    expect(loggedIn.user.loginCount).toBe(2);
    const [storedToken] = await h.db('refresh_tokens').where({ id: loggedIn.refreshToken.split('.')[0] });
    expect(storedToken).toMatchObject({ ip: '10.0.0.1', user_agent: 'vitest' });
    expect(JSON.stringify(storedToken)).not.toContain(loggedIn.refreshToken.split('.')[1]);

    // 5. refresh rotates
    const rotated = await h.call(IDENTITY_RPC.refresh, { refreshToken: loggedIn.refreshToken });
    expect(rotated.refreshToken).not.toBe(loggedIn.refreshToken);
    expect(rotated.user.id).toBe(signedUp.user.id);
    const newest = await h.call(IDENTITY_RPC.refresh, { refreshToken: rotated.refreshToken });

    // 6. the rotated token again: refused, and the family's newest token with it
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: loggedIn.refreshToken })).rejects.toMatchObject({
      code: 'REFRESH_INVALID',
      status: 401,
    });
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: newest.refreshToken })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
    // the signup session is another family and lives on
    const signupRefreshed = await h.call(IDENTITY_RPC.refresh, { refreshToken: signedUp.refreshToken });

    // 7. logout ends that session
    expect(await h.call(IDENTITY_RPC.logout, { refreshToken: signupRefreshed.refreshToken })).toEqual({});
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: signupRefreshed.refreshToken })).rejects.toMatchObject({
      code: 'REFRESH_INVALID',
    });
  });

  it('when logout gets an unknown, malformed or missing token, then it still answers', async () => {
    expect(await h.call(IDENTITY_RPC.logout, { refreshToken: 'nonsense' })).toEqual({});
    expect(await h.call(IDENTITY_RPC.logout, { refreshToken: `${crypto.randomUUID()}.${'a'.repeat(43)}` })).toEqual({});
    expect(await h.call(IDENTITY_RPC.logout, {})).toEqual({});
  });

  it('when a refresh token is past its 30 days or forged, then refresh is refused', async () => {
    const session = await h.register('grace@example.com');
    const [id] = session.refreshToken.split('.');
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: `${id}.${'b'.repeat(43)}` })).rejects.toMatchObject({
      code: 'REFRESH_INVALID',
    });
    h.advance(30 * 24 * 3600_000);
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: session.refreshToken })).rejects.toMatchObject({
      code: 'REFRESH_INVALID',
    });
  });

  it('when two refreshes of one token race, then exactly one wins', async () => {
    const session = await h.register('race@example.com');
    const results = await Promise.allSettled([
      h.call(IDENTITY_RPC.refresh, { refreshToken: session.refreshToken }),
      h.call(IDENTITY_RPC.refresh, { refreshToken: session.refreshToken }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
