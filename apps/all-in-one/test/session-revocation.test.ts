import type { SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

/**
 * An access token stops working the moment its session ends, not at its expiry 15 minutes
 * later: logout, a reused refresh token, a password reset and a removed team member.
 */
describe('access tokens end with their session', () => {
  let test: TestFerry;
  let api: string;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    test = await startTestFerry('revocation');
    ({ api, inbox } = test);
  }, 120_000);
  afterAll(async () => {
    await test?.stop();
  });

  /** A browser: its cookie jar holds the refresh token; the access token goes in the bearer. */
  async function logIn(email: string, password: string) {
    const browser = gatewayClient(api);
    const res = await browser.call('POST', '/auth/login', { email, password });
    expect(res.status).toBe(200);
    return { browser, accessToken: (res.body as { accessToken: string }).accessToken };
  }
  const me = async (accessToken: string) => (await gatewayClient(api, accessToken).call('GET', '/me')).status;

  it('when the user logs out, then the access token of that session is refused at once and other sessions go on', async () => {
    await signUpThroughGateway(api, inbox, { email: 'out@example.com', plan: 'Free' });
    const phone = await logIn('out@example.com', 'correct-horse-1');
    const laptop = await logIn('out@example.com', 'correct-horse-1');
    expect(await me(phone.accessToken)).toBe(200);

    expect((await phone.browser.call('POST', '/auth/logout')).status).toBe(204);

    expect(await me(phone.accessToken)).toBe(401);
    expect(await me(laptop.accessToken)).toBe(200);
  });

  /** Logs in without a cookie jar: answers the access token and the refresh cookie's value. */
  async function logInRaw(email: string, password: string): Promise<{ accessToken: string; refreshCookie: string }> {
    const res = await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(res.status).toBe(200);
    const refreshCookie = /ferry_rt=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
    return { accessToken: ((await res.json()) as { accessToken: string }).accessToken, refreshCookie };
  }
  const refreshWith = (cookie: string, headers: Record<string, string> = {}) => gatewayClient(api).call('POST', '/auth/refresh', undefined, { cookie: `ferry_rt=${cookie}`, ...headers });

  it('when a rotated refresh token is presented again, then the access tokens of its session are refused too', async () => {
    await signUpThroughGateway(api, inbox, { email: 'stolen@example.com', plan: 'Free' });
    const owner = await logInRaw('stolen@example.com', 'correct-horse-1');
    const rotated = await refreshWith(owner.refreshCookie);
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body as { accessToken: string }).accessToken;
    expect(await me(fresh)).toBe(200);

    // Someone elsewhere replays the cookie the owner had before the rotation: it leaked.
    expect((await refreshWith(owner.refreshCookie, { 'user-agent': 'curl/8.5', 'x-forwarded-for': '198.51.100.23' })).status).toBe(401);

    expect(await me(fresh)).toBe(401);
    expect(await me(owner.accessToken)).toBe(401);
  });

  it('when the password is reset, then every access token issued before is refused', async () => {
    await signUpThroughGateway(api, inbox, { email: 'forgot@example.com', plan: 'Free' });
    const before = await logIn('forgot@example.com', 'correct-horse-1');
    expect(await me(before.accessToken)).toBe(200);

    expect((await gatewayClient(api).call('POST', '/auth/password-resets', { email: 'forgot@example.com' })).status).toBe(202);
    const [mail] = await inbox.waitForMailsTo('forgot@example.com', 2).then((mails) => mails.slice(-1));
    const token = decodeURIComponent(/updatepassword\?t=([^\s"&]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    expect(token).not.toBe('');
    expect((await gatewayClient(api).call('POST', `/auth/password-resets/${token}`, { password: 'a-new-password-2' })).status).toBe(204);

    expect(await me(before.accessToken)).toBe(401);
    const after = await logIn('forgot@example.com', 'a-new-password-2');
    expect(await me(after.accessToken)).toBe(200);
  });

  it('when an admin removes a member, then the member can no longer read the team\'s data, get grants or publish', async () => {
    const admin = gatewayClient(api, (await signUpThroughGateway(api, inbox, { email: 'boss@acme.example', plan: 'BM' })).accessToken);
    expect((await admin.call('POST', '/team/invites', { email: 'leaver@acme.example' })).status).toBe(201);
    const [invite] = await inbox.waitForMailsTo('leaver@acme.example', 1);
    const inviteToken = /\/invite\/([A-Za-z0-9_-]+)/.exec(invite?.text ?? '')?.[1];
    const accepted = await gatewayClient(api).call('POST', `/team/invites/${inviteToken}/accept`, { password: 'member-pass-1', fullName: 'Leaver' });
    expect(accepted.status).toBe(201);
    const member = accepted.body as { accessToken: string; user: { id: string } };
    const leaver = gatewayClient(api, member.accessToken);
    expect((await leaver.call('GET', '/contacts')).status).toBe(200);

    expect((await admin.call('DELETE', `/team/members/${member.user.id}`)).status).toBe(204);

    expect((await leaver.call('GET', '/contacts')).status).toBe(401);
    expect((await leaver.call('GET', '/transfers')).status).toBe(401);
    expect((await leaver.call('GET', '/analytics')).status).toBe(401);
    expect((await leaver.call('POST', '/storage/grants', { files: [{ name: 'a.txt', size: 5 }] })).status).toBe(401);
    expect((await leaver.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 5 }] })).status).toBe(401);
  });
});
