import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_RPC, SESSION_REVOKED, SUBSCRIPTION_CHANGED, TEAM_INVITE_CREATED, type TIssuedSession, type TSubscriptionChanged } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('subscription changes from billing', () => {
  let h: IdentityHarness;
  let admin: TIssuedSession;
  let member: TIssuedSession;
  // After the subscription the harness starts in beforeAll (the provider's time orders changes).
  const changedAt = Date.now() + 3_600_000;

  const publish = async (change: Partial<TSubscriptionChanged>) => {
    const event: TSubscriptionChanged = {
      eventId: randomUUID(),
      adminId: admin.user.id,
      planCode: 'BM',
      role: 'business',
      status: 'trialing',
      userStatus: 'trialing',
      trialEnd: changedAt + 7 * 86_400_000,
      currentPeriodEnd: changedAt + 7 * 86_400_000,
      changedAt,
      ...change,
    };
    await h.bus.publishEvent(SUBSCRIPTION_CHANGED.subject, event.eventId, event, { 'Ferry-Event-Version': '1' });
    return event;
  };
  const userRow = (id: string) => h.db('users').where({ id }).first<{ role: string; status: string }>('role', 'status');
  const waitFor = async (id: string, status: string) => {
    for (let waited = 0; waited < 5_000; waited += 25) {
      if ((await userRow(id))?.status === status) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${id} never reached ${status}`);
  };

  beforeAll(async () => {
    h = await bootIdentity('subscription_changes');
    admin = await h.register('payer@example.com', { plan: 'BM', fullName: 'Pay Er' });
    // Without a paid-for plan there is no team to invite to.
    await expect(h.call(IDENTITY_RPC.inviteMember, { userId: admin.user.id, email: 'early@example.com' })).rejects.toMatchObject({ code: 'TEAM_LIMIT_REACHED' });
    await h.subscribe(admin.user.id, 'BM', 'active');
    await h.call(IDENTITY_RPC.inviteMember, { userId: admin.user.id, email: 'crew@example.com' });
    const { inviteToken } = await h.lastEvent(TEAM_INVITE_CREATED, (e) => e.email === 'crew@example.com');
    member = await h.call(IDENTITY_RPC.acceptInvite, { inviteId: inviteToken, password: 'crew pass', fullName: 'Crew' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('applies the plan and status to the admin and every member in one event, and ends their access tokens', async () => {
    expect(await userRow(member.user.id)).toMatchObject({ role: 'BM', status: 'active' });
    await publish({ status: 'trialing', userStatus: 'trialing' });
    await waitFor(member.user.id, 'trialing');
    expect(await userRow(admin.user.id)).toMatchObject({ role: 'BM', status: 'trialing' });
    expect(await userRow(member.user.id)).toMatchObject({ role: 'BM', status: 'trialing' });
    const revoked = await h.waitForEvents(SESSION_REVOKED, (e) => e.minVersion !== null && [admin.user.id, member.user.id].includes(e.userId), 2);
    expect(new Set(revoked.map((e) => e.userId))).toEqual(new Set([admin.user.id, member.user.id]));
  });

  it('ignores a change older than the one applied (out-of-order delivery ends in the newest state)', async () => {
    await publish({ planCode: 'BY', status: 'active', userStatus: 'active', changedAt: changedAt + 60_000 });
    await waitFor(admin.user.id, 'active');
    const stale = await publish({ planCode: 'BM', status: 'past_due', userStatus: 'past_due', changedAt: changedAt + 30_000 });
    for (let waited = 0; waited < 5_000; waited += 25) {
      if (await h.db('inbox').where({ event_id: stale.eventId }).first()) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await h.db('inbox').where({ event_id: stale.eventId }).first()).toBeTruthy();
    expect(await userRow(admin.user.id)).toMatchObject({ role: 'BY', status: 'active' });
    expect(await userRow(member.user.id)).toMatchObject({ role: 'BY', status: 'active' });
  });
});
