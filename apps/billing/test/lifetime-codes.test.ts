import { BILLING_RPC } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, DAY_MS, startBillingHarness, type BillingHarness } from './billing-harness';

const CARD_OK = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

describe('lifetime-deal codes', () => {
  let h: BillingHarness;
  let codes: string[];
  beforeAll(async () => {
    h = await startBillingHarness('lifetime');
    ({ codes } = await h.bus.request(BILLING_RPC.createLifetimeCodes, { count: 5 }));
  });
  afterAll(() => h.close());

  it('when an operator creates n codes, then n distinct codes are stored unredeemed', async () => {
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^LTD-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await h.db('lifetime_codes').whereIn('code', codes).whereNull('redeemed_by').count({ n: '*' })).toEqual([{ n: '5' }]);
  });

  it('when an account redeems a code, then it has the PRY plan active for life (isSumo) and identity is told', async () => {
    const caller = callerOf('sumo-1');
    const view = await h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller, body: { code: codes[0]!.toLowerCase() } });
    expect(view).toMatchObject({ planCode: 'PRY', status: 'active', isSumo: true, nextCharge: null, cancelAtPeriodEnd: false, seats: 2 });
    expect(await h.changes('sumo-1')).toMatchObject([{ planCode: 'PRY', role: 'pro', status: 'active', userStatus: 'active' }]);
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ isSumo: true, status: 'active' });
  });

  it('when a code was redeemed, then another account is refused with LIFETIME_CODE_USED', async () => {
    await expect(h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller: callerOf('sumo-2'), body: { code: codes[0]! } })).rejects.toMatchObject({
      code: 'LIFETIME_CODE_USED',
    });
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller: callerOf('sumo-2') })).status).toBe('none');
  });

  it('when an account holds a lifetime deal, then a second code is refused with LIFETIME_ALREADY_REDEEMED and stays unused', async () => {
    await expect(h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller: callerOf('sumo-1'), body: { code: codes[1]! } })).rejects.toMatchObject({
      code: 'LIFETIME_ALREADY_REDEEMED',
    });
    expect(await h.db('lifetime_codes').where({ code: codes[1] }).first()).toMatchObject({ redeemed_by: null });
  });

  it('when a code is unknown, then it is refused with LIFETIME_CODE_INVALID', async () => {
    await expect(h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller: callerOf('sumo-3'), body: { code: 'LTD-AAAA-BBBB-CCCC' } })).rejects.toMatchObject({
      code: 'LIFETIME_CODE_INVALID',
    });
  });

  it('when two accounts race for one code, then exactly one gets it', async () => {
    const results = await Promise.allSettled(
      ['race-a', 'race-b', 'race-c'].map((id) => h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller: callerOf(id), body: { code: codes[2]! } })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['LIFETIME_CODE_USED', 'LIFETIME_CODE_USED']);
  });

  it('when a trialing account redeems a code, then the settle timer never charges it, and it cannot be cancelled or checked out', async () => {
    const caller = callerOf('sumo-trial');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM', card: CARD_OK } });
    await h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller, body: { code: codes[3]! } });
    h.advance(800 * DAY_MS);
    await h.billing.settleNow();
    expect(await h.bus.request(BILLING_RPC.listInvoices, { caller })).toEqual({ items: [] });
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ planCode: 'PRY', status: 'active', isSumo: true });
    expect((await h.changes('sumo-trial')).map((c) => [c.planCode, c.status])).toEqual([
      ['PM', 'trialing'],
      ['PRY', 'active'],
    ]);
    await expect(h.bus.request(BILLING_RPC.cancel, { caller })).rejects.toMatchObject({ code: 'NO_SUBSCRIPTION' });
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BY' } })).rejects.toMatchObject({ code: 'LIFETIME_ALREADY_REDEEMED' });
  });

  it('when a team member redeems a code, then billing refuses (the admin owns billing)', async () => {
    await expect(
      h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller: callerOf('member-1', { isTeamMember: true, parentAdminId: 'admin-x' }), body: { code: codes[4]! } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
