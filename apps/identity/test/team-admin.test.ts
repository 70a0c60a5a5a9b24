import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC, SESSION_REVOKED, TEAM_INVITE_CREATED, type TIssuedSession } from '@ferry/contracts';
import { getPlanLimits } from '@ferry/plans';
import { bootIdentity, type IdentityHarness } from './identity.harness';

/** The Teams tab's server side: batches, resend, revoke, who may manage, and a member's plan. */
describe('team administration', () => {
  let h: IdentityHarness;
  let admin: TIssuedSession;
  let member: TIssuedSession;
  const limit = getPlanLimits('BM').teamLimit ?? 0;

  const tokenFor = async (email: string) => (await h.lastEvent(TEAM_INVITE_CREATED, (e) => e.email === email)).inviteToken;
  const pendingOf = async (by = admin) => (await h.call(IDENTITY_RPC.getTeam, { userId: by.user.id })).pendingInvites;
  const join = async (email: string, password = 'member pass') =>
    h.call(IDENTITY_RPC.acceptInvite, { inviteId: await tokenFor(email), password, fullName: email.split('@')[0] });

  beforeAll(async () => {
    h = await bootIdentity('team_admin');
    admin = await h.register('chief@example.com', { plan: 'BM', fullName: 'Chief', company: 'Chief Co' });
    await h.subscribe(admin.user.id, 'BM');
    await h.call(IDENTITY_RPC.inviteMember, { userId: admin.user.id, email: 'crew@example.com' });
    member = await join('crew@example.com');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when an admin invites a batch, then each address is checked against the team size and answered on its own', async () => {
    await h.register('taken@example.com');
    // The admin and crew hold two seats of the plan's five.
    const emails = ['a@example.com', 'taken@example.com', 'B@example.com', 'a@example.com', 'c@example.com', 'd@example.com'];
    const { results } = await h.call(IDENTITY_RPC.inviteMembers, { userId: admin.user.id, emails });

    expect(limit).toBe(5);
    expect(results.map((r) => [r.email, r.error?.code ?? 'invited'])).toEqual([
      ['a@example.com', 'invited'],
      ['taken@example.com', 'EMAIL_TAKEN'],
      ['b@example.com', 'invited'],
      ['c@example.com', 'invited'],
      ['d@example.com', 'TEAM_LIMIT_REACHED'],
    ]);
    expect(results[4]?.error?.message).toBe('Your plan allows a team of 5, you included.');
    expect((await pendingOf()).map((i) => i.email)).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect(await h.events(TEAM_INVITE_CREATED, (e) => ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'].includes(e.email))).toHaveLength(3);
  });

  it('when the admin revokes an invite, then its link fails with INVITE_NOT_FOUND and its seat is free again', async () => {
    const invite = (await pendingOf()).find((i) => i.email === 'c@example.com');
    const token = await tokenFor('c@example.com');
    expect(await h.call(IDENTITY_RPC.revokeInvite, { userId: admin.user.id, inviteId: invite!.id })).toEqual({});

    await expect(h.call(IDENTITY_RPC.acceptInvite, { inviteId: token, password: 'too late' })).rejects.toMatchObject({
      code: 'INVITE_NOT_FOUND',
      status: 404,
      message: 'This invite is invalid, used or expired.',
    });
    expect((await pendingOf()).map((i) => i.email)).not.toContain('c@example.com');
    await expect(h.call(IDENTITY_RPC.revokeInvite, { userId: admin.user.id, inviteId: invite!.id })).rejects.toMatchObject({ code: 'INVITE_NOT_FOUND' });
    const { results } = await h.call(IDENTITY_RPC.inviteMembers, { userId: admin.user.id, emails: ['d@example.com'] });
    expect(results[0]?.invite).not.toBeNull();
  });

  it('when the admin resends an invite, then a new link is mailed, the old one fails, and a second resend within a minute is 429', async () => {
    const invite = (await pendingOf()).find((i) => i.email === 'a@example.com')!;
    const oldToken = await tokenFor('a@example.com');
    await expect(h.call(IDENTITY_RPC.resendInvite, { userId: admin.user.id, inviteId: invite.id })).rejects.toMatchObject({
      code: 'RESEND_TOO_SOON',
      status: 429,
    });
    h.advance(2 * 86_400_000);
    const resent = await h.call(IDENTITY_RPC.resendInvite, { userId: admin.user.id, inviteId: invite.id });

    expect(resent).toMatchObject({ id: invite.id, email: 'a@example.com', expiresAt: new Date(h.now().getTime() + 7 * 86_400_000).toISOString() });
    const newToken = await tokenFor('a@example.com');
    expect(newToken).not.toBe(oldToken);
    expect((await pendingOf()).find((i) => i.id === invite.id)?.lastSentAt).toBe(h.now().toISOString());
    await expect(h.call(IDENTITY_RPC.resendInvite, { userId: admin.user.id, inviteId: invite.id })).rejects.toMatchObject({ code: 'RESEND_TOO_SOON' });
    await expect(h.call(IDENTITY_RPC.acceptInvite, { inviteId: oldToken, password: 'old link' })).rejects.toMatchObject({ code: 'INVITE_NOT_FOUND' });
    expect((await h.call(IDENTITY_RPC.acceptInvite, { inviteId: newToken, password: 'new link' })).user.email).toBe('a@example.com');
  });

  it('when another admin names this team\'s invite, then it is not found to them', async () => {
    const stranger = await h.register('stranger@example.com', { plan: 'BM' });
    await h.subscribe(stranger.user.id, 'BM');
    const invite = (await pendingOf())[0]!;
    await expect(h.call(IDENTITY_RPC.revokeInvite, { userId: stranger.user.id, inviteId: invite.id })).rejects.toMatchObject({ code: 'INVITE_NOT_FOUND' });
    h.advance(120_000);
    await expect(h.call(IDENTITY_RPC.resendInvite, { userId: stranger.user.id, inviteId: invite.id })).rejects.toMatchObject({ code: 'INVITE_NOT_FOUND' });
  });

  it('when a member calls any team admin verb, then 403 FORBIDDEN, and the team they see has no invites', async () => {
    const invite = (await pendingOf())[0]!;
    const forbidden = { code: 'FORBIDDEN', status: 403 };
    const userId = member.user.id;
    await expect(h.call(IDENTITY_RPC.inviteMember, { userId, email: 'x@example.com' })).rejects.toMatchObject(forbidden);
    await expect(h.call(IDENTITY_RPC.inviteMembers, { userId, emails: ['x@example.com'] })).rejects.toMatchObject(forbidden);
    await expect(h.call(IDENTITY_RPC.resendInvite, { userId, inviteId: invite.id })).rejects.toMatchObject(forbidden);
    await expect(h.call(IDENTITY_RPC.revokeInvite, { userId, inviteId: invite.id })).rejects.toMatchObject(forbidden);
    await expect(h.call(IDENTITY_RPC.removeMember, { userId, memberId: admin.user.id })).rejects.toMatchObject(forbidden);
    expect((await pendingOf()).length).toBeGreaterThan(0);

    const seen = await h.call(IDENTITY_RPC.getTeam, { userId });
    expect(seen.pendingInvites).toEqual([]);
    expect(seen.members.map((m) => m.email)).toContain('crew@example.com');
    expect(seen.members[0]?.joinedAt).toEqual(expect.any(String));
  });

  it('when the member row holds a stale copy of the plan, then sessions and /me still carry the admin\'s plan', async () => {
    await h.db('users').where({ id: member.user.id }).update({ role: 'Free', status: 'unpaid' });

    const session = await h.call(IDENTITY_RPC.login, { email: 'crew@example.com', password: 'member pass' });
    expect(session.user).toMatchObject({ role: 'BM', plan: 'BM', status: 'trialing' });
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { role: string };
    expect(claims.role).toBe('BM');
    expect(await h.call(IDENTITY_RPC.getMe, { userId: member.user.id })).toMatchObject({ role: 'BM', status: 'trialing' });
  });

  it('when the admin\'s plan changes, then the member\'s next session carries the new plan and their old tokens are revoked', async () => {
    h.advance(3_600_000);
    await h.subscribe(admin.user.id, 'BY', 'active');
    const revoked = await h.waitForEvents(SESSION_REVOKED, (e) => e.userId === member.user.id && e.minVersion !== null);
    expect(revoked.length).toBeGreaterThan(0);
    const session = await h.call(IDENTITY_RPC.login, { email: 'crew@example.com', password: 'member pass' });
    expect(session.user).toMatchObject({ role: 'BY', status: 'active' });
  });

  it('when a member is removed, then their tokens are revoked at once and the seat is free', async () => {
    const before = (await h.events(SESSION_REVOKED, (e) => e.userId === member.user.id)).length;
    await h.call(IDENTITY_RPC.removeMember, { userId: admin.user.id, memberId: member.user.id });
    const after = await h.events(SESSION_REVOKED, (e) => e.userId === member.user.id);
    expect(after.length).toBe(before + 1);
    expect(after[after.length - 1]?.minVersion).toEqual(expect.any(Number));
    const team = await h.call(IDENTITY_RPC.getTeam, { userId: admin.user.id });
    expect(team.members.map((m) => m.email)).not.toContain('crew@example.com');
  });
});
