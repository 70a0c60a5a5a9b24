import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC, TEAM_INVITE_CREATED, USER_REGISTERED, type TIssuedSession } from '@ferry/contracts';
import { getPlanLimits } from '@ferry/plans';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('teams', () => {
  let h: IdentityHarness;
  let admin: TIssuedSession;
  const adminPlan = 'BM';
  const limit = getPlanLimits(adminPlan).teamLimit ?? 0;

  beforeAll(async () => {
    h = await bootIdentity('teams');
    admin = await h.register('boss@example.com', { plan: adminPlan, fullName: 'Bo Boss', company: 'Boss & Co' });
    await h.subscribe(admin.user.id, adminPlan);
  });
  afterAll(async () => {
    await h?.close();
  });

  const tokenFor = async (email: string) => (await h.lastEvent(TEAM_INVITE_CREATED, (e) => e.email === email)).inviteToken;
  const invite = (email: string, by = admin) => h.call(IDENTITY_RPC.inviteMember, { userId: by.user.id, email });

  it('when an admin invites within the plan, then the invite is listed and its secret link travels only in the event', async () => {
    expect(limit).toBeGreaterThan(2);
    const created = await invite('Mia@example.com');
    expect(created).toMatchObject({ email: 'mia@example.com' });
    const event = await h.lastEvent(TEAM_INVITE_CREATED, (e) => e.email === 'mia@example.com');
    expect(event).toMatchObject({
      inviteId: created.id,
      adminId: admin.user.id,
      adminName: 'Bo Boss',
      adminEmail: 'boss@example.com',
      company: 'Boss & Co',
      expiresAt: created.expiresAt,
    });
    expect(Buffer.from(event.inviteToken, 'base64url')).toHaveLength(32);
    expect(new Date(created.expiresAt).getTime()).toBe(h.now().getTime() + 7 * 24 * 3600_000);
    expect(JSON.stringify(await h.db('team_invites'))).not.toContain(event.inviteToken);

    const team = await h.call(IDENTITY_RPC.getTeam, { userId: admin.user.id });
    expect(team).toMatchObject({ adminId: admin.user.id, company: 'Boss & Co', limit, members: [] });
    expect(team.pendingInvites.map((i) => i.id)).toEqual([created.id]);
  });

  it('when the invited person accepts, then they become a member on the admin plan and the link is spent', async () => {
    const token = await tokenFor('mia@example.com');
    const member = await h.call(IDENTITY_RPC.acceptInvite, { inviteId: token, password: 'member pass', fullName: 'Mia' });
    expect(member.user).toMatchObject({
      email: 'mia@example.com',
      fullName: 'Mia',
      role: adminPlan,
      plan: adminPlan,
      status: 'trialing',
      isTeamMember: true,
      parentAdmin: {
        parentAdminId: admin.user.id,
        parentEmail: 'boss@example.com',
        parentAdminFullName: 'Bo Boss',
        parentAdminProfilePic: null,
      },
    });
    expect(await h.lastEvent(USER_REGISTERED, (e) => e.email === 'mia@example.com')).toMatchObject({
      userId: member.user.id,
      isTeamMember: true,
      parentAdminId: admin.user.id,
    });
    await expect(h.call(IDENTITY_RPC.acceptInvite, { inviteId: token, password: 'again pass' })).rejects.toMatchObject({
      code: 'INVITE_NOT_FOUND',
      status: 404,
    });

    const loggedIn = await h.call(IDENTITY_RPC.login, { email: 'mia@example.com', password: 'member pass' });
    expect(loggedIn.user.isTeamMember).toBe(true);
    const seenByMember = await h.call(IDENTITY_RPC.getTeam, { userId: member.user.id });
    expect(seenByMember.adminId).toBe(admin.user.id);
    expect(seenByMember.members.map((m) => m.email)).toEqual(['mia@example.com']);
    expect(seenByMember.pendingInvites).toEqual([]);
  });

  it('when a member tries to invite, then 403 FORBIDDEN', async () => {
    const member = await h.call(IDENTITY_RPC.login, { email: 'mia@example.com', password: 'member pass' });
    await expect(invite('friend@example.com', member)).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  it('when the email already has an account, then 409 EMAIL_TAKEN', async () => {
    await h.register('has-account@example.com');
    await expect(invite('has-account@example.com')).rejects.toMatchObject({ code: 'EMAIL_TAKEN', status: 409 });
  });

  it('when members, pending invites and the admin fill the plan, then the next invite is 403 TEAM_LIMIT_REACHED', async () => {
    // the admin and mia hold two seats
    const free = limit - 2;
    for (let i = 0; i < free; i += 1) await invite(`seat${i}@example.com`);
    await expect(invite('one-too-many@example.com')).rejects.toMatchObject({ code: 'TEAM_LIMIT_REACHED', status: 403 });

    // inviting a pending address again replaces its invite instead of taking a seat
    const oldToken = await tokenFor('seat0@example.com');
    await invite('seat0@example.com');
    await expect(h.call(IDENTITY_RPC.acceptInvite, { inviteId: oldToken, password: 'seat pass' })).rejects.toMatchObject({
      code: 'INVITE_NOT_FOUND',
    });
    expect((await h.call(IDENTITY_RPC.getTeam, { userId: admin.user.id })).pendingInvites).toHaveLength(free);

    // an expired invite frees its seat and can no longer be accepted
    const lateToken = await tokenFor('seat1@example.com');
    h.advance(7 * 24 * 3600_000);
    await expect(h.call(IDENTITY_RPC.acceptInvite, { inviteId: lateToken, password: 'seat pass' })).rejects.toMatchObject({
      code: 'INVITE_NOT_FOUND',
    });
    await invite('after-expiry@example.com');
  });

  it('when the plan has no team, then inviting is 403 TEAM_LIMIT_REACHED', async () => {
    const solo = await h.register('solo@example.com', { plan: 'Free' });
    await expect(invite('pal@example.com', solo)).rejects.toMatchObject({ code: 'TEAM_LIMIT_REACHED' });
  });

  it('when an admin removes a member, then the account and its sessions are gone; other admins cannot', async () => {
    await invite('leaver@example.com');
    const leaver = await h.call(IDENTITY_RPC.acceptInvite, { inviteId: await tokenFor('leaver@example.com'), password: 'leaver pass' });
    const stranger = await h.register('stranger@example.com', { plan: adminPlan });

    await expect(
      h.call(IDENTITY_RPC.removeMember, { userId: stranger.user.id, memberId: leaver.user.id }),
    ).rejects.toMatchObject({ code: 'USER_NOT_FOUND', status: 404 });
    await expect(
      h.call(IDENTITY_RPC.removeMember, { userId: admin.user.id, memberId: stranger.user.id }),
    ).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });

    expect(await h.call(IDENTITY_RPC.removeMember, { userId: admin.user.id, memberId: leaver.user.id })).toEqual({});
    await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: leaver.refreshToken })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
    await expect(h.call(IDENTITY_RPC.login, { email: 'leaver@example.com', password: 'leaver pass' })).rejects.toMatchObject({
      code: 'AUTH_FAILED',
    });
    expect(await h.db('refresh_tokens').where({ user_id: leaver.user.id })).toHaveLength(0);
    const team = await h.call(IDENTITY_RPC.getTeam, { userId: admin.user.id });
    expect(team.members.map((m) => m.email)).not.toContain('leaver@example.com');
  });
});
