import { IDENTITY_RPC, SESSION_REVOKED, TEAM_INVITE_CREATED } from '@ferry/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootIdentity, type IdentityHarness } from './identity.harness';

/** identity's side of ending sessions: what each way of ending one records and publishes. */
describe('session revocations', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('revocations');
  });
  afterAll(async () => {
    await h?.close();
  });

  const claimsOf = (accessToken: string) => decodeJwt(accessToken) as { sub: string; sid: string; ver: number };

  it('when a session is refreshed, then its access tokens keep the session id and the version', async () => {
    const signedUp = await h.register('keep@example.com');
    const refreshed = await h.call(IDENTITY_RPC.refresh, { refreshToken: signedUp.refreshToken });
    expect(claimsOf(refreshed.accessToken)).toMatchObject({ sub: signedUp.user.id, sid: claimsOf(signedUp.accessToken).sid, ver: 1 });
    const other = await h.call(IDENTITY_RPC.login, { email: 'keep@example.com', password: 'correct horse' });
    expect(claimsOf(other.accessToken).sid).not.toBe(claimsOf(signedUp.accessToken).sid);
  });

  it('when the user logs out, then that session is revoked and listed for gateways that start later', async () => {
    const session = await h.register('bye@example.com');
    const { sid, sub } = claimsOf(session.accessToken);
    await h.call(IDENTITY_RPC.logout, { refreshToken: session.refreshToken });

    expect(await h.lastEvent(SESSION_REVOKED, (e) => e.userId === sub)).toMatchObject({ sessionId: sid, minVersion: null });
    const { revocations } = await h.call(IDENTITY_RPC.listSessionRevocations, {});
    expect(revocations).toContainEqual(expect.objectContaining({ userId: sub, sessionId: sid }));
  });

  it('when a revocation is past its expiry, then it is no longer listed', async () => {
    const session = await h.register('old@example.com');
    const { sub } = claimsOf(session.accessToken);
    await h.call(IDENTITY_RPC.logout, { refreshToken: session.refreshToken });
    // The access token lives 15 minutes; a minute of margin for clock skew.
    h.advance(16 * 60_000 + 1);
    const { revocations } = await h.call(IDENTITY_RPC.listSessionRevocations, {});
    expect(revocations.filter((r) => r.userId === sub)).toEqual([]);
  });

  it('when a refresh token is reused, then its session is revoked', async () => {
    const session = await h.register('reuse@example.com');
    await h.call(IDENTITY_RPC.refresh, { refreshToken: session.refreshToken });
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: session.refreshToken })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
    const { sid, sub } = claimsOf(session.accessToken);
    expect(await h.lastEvent(SESSION_REVOKED, (e) => e.userId === sub)).toMatchObject({ sessionId: sid });
  });

  it('when a reload lost the answer of a refresh, then the same browser within 30 s gets a new token; another client, or the same one later, ends the family', async () => {
    const browser = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' };
    const signedUp = await h.register('reload@example.com');
    const lost = await h.call(IDENTITY_RPC.refresh, { refreshToken: signedUp.refreshToken, client: browser });
    h.advance(5_000);
    // The page reloaded before the rotated cookie arrived: the old one comes again from the same browser.
    const again = await h.call(IDENTITY_RPC.refresh, { refreshToken: signedUp.refreshToken, client: browser });
    expect(claimsOf(again.accessToken).sid).toBe(claimsOf(signedUp.accessToken).sid);
    const next = await h.call(IDENTITY_RPC.refresh, { refreshToken: again.refreshToken, client: browser });
    expect(next.user.id).toBe(signedUp.user.id);
    // The lost token was retired: if it shows up after all, it is a replay, and the family ends.
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: lost.refreshToken, client: browser })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: next.refreshToken, client: browser })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });

    // The same old token from another user agent is a replay: the family ends, the lost token too.
    const replayed = await h.register('replay@example.com');
    await h.call(IDENTITY_RPC.refresh, { refreshToken: replayed.refreshToken, client: browser });
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: replayed.refreshToken, client: { ...browser, userAgent: 'curl/8.5' } })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });

    // After the 30 s, even the same browser's old token is a replay.
    const late = await h.register('late@example.com');
    const rotated = await h.call(IDENTITY_RPC.refresh, { refreshToken: late.refreshToken, client: browser });
    h.advance(31_000);
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: late.refreshToken, client: browser })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: rotated.refreshToken, client: browser })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
  });

  it('when an admin removes a member, then every token of the member below the next version is revoked', async () => {
    const admin = await h.register('admin@acme.example', { plan: 'BM' });
    await h.subscribe(admin.user.id, 'BM');
    await h.call(IDENTITY_RPC.inviteMember, { userId: admin.user.id, email: 'gone@acme.example' });
    const token = (await h.lastEvent(TEAM_INVITE_CREATED, (e) => e.email === 'gone@acme.example')).inviteToken;
    const member = await h.call(IDENTITY_RPC.acceptInvite, { inviteId: token, password: 'member pass 1' });
    expect(claimsOf(member.accessToken).ver).toBe(1);

    await h.call(IDENTITY_RPC.removeMember, { userId: admin.user.id, memberId: member.user.id });

    expect(await h.lastEvent(SESSION_REVOKED, (e) => e.userId === member.user.id)).toMatchObject({ sessionId: null, minVersion: 2 });
  });
});
