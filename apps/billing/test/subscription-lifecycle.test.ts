import { randomUUID } from 'node:crypto';
import { BILLING_RPC } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeBillingRows } from '../src/store/account-purge.store';
import { callerOf, DAY_MS, startBillingHarness, type BillingHarness } from './billing-harness';

const CARD_OK = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const CARD_DECLINED = { ...CARD_OK, number: '4000 0000 0000 0002' };
/** Added fine, every charge declined (Stripe's 4000 0000 0000 0341). */
const CARD_FAILS_LATER = { ...CARD_OK, number: '4000 0000 0000 0341' };

describe('subscriptions with the local provider', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness('lifecycle');
  });
  afterAll(() => h.close());

  it('starts a 7-day trial with a good card and tells identity the plan is trialing', async () => {
    const caller = callerOf('admin-trial');
    const result = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRY', card: CARD_OK } });
    expect(result.subscription).toMatchObject({ planCode: 'PRY', status: 'trialing', trialDaysLeft: 7, card: { brand: 'visa', last4: '4242' } });
    expect(result.subscription.nextCharge).toMatchObject({ amount: 22_800, currency: 'usd' });
    expect((await h.changes('admin-trial')).map((c) => [c.role, c.userStatus])).toEqual([['pro', 'trialing']]);
    expect(await h.bus.request(BILLING_RPC.listInvoices, { caller })).toEqual({ items: [] });
  });

  it('refuses a declined card with CARD_DECLINED: no subscription, no event', async () => {
    const caller = callerOf('admin-declined');
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', card: CARD_DECLINED } })).rejects.toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', card: { ...CARD_OK, number: '4242 4242 4242 4241' } } })).rejects.toMatchObject({
      code: 'CARD_INVALID',
    });
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller })).status).toBe('none');
    expect(await h.changes('admin-declined')).toEqual([]);
  });

  it('charges at the end of the trial; a declined renewal is past_due until a new card pays', async () => {
    const good = callerOf('admin-renews');
    const bad = callerOf('admin-past-due');
    await h.bus.request(BILLING_RPC.checkout, { caller: good, body: { planCode: 'PRM', card: CARD_OK } });
    await h.bus.request(BILLING_RPC.checkout, { caller: bad, body: { planCode: 'PRM', card: CARD_FAILS_LATER } });
    h.advance(7 * DAY_MS + 60_000);
    expect(await h.billing.settleNow()).toBeGreaterThanOrEqual(2);

    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller: good })).toMatchObject({ status: 'active', trialDaysLeft: null });
    expect((await h.bus.request(BILLING_RPC.listInvoices, { caller: good })).items).toMatchObject([{ amount: 2_900, status: 'paid', planCode: 'PRM' }]);
    expect((await h.changes('admin-renews')).map((c) => c.userStatus)).toEqual(['trialing', 'active']);

    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller: bad })).toMatchObject({ status: 'past_due', nextCharge: null });
    expect((await h.changes('admin-past-due')).map((c) => c.userStatus)).toEqual(['trialing', 'past_due']);
    // Settling again does not charge a past-due subscription again.
    expect(await h.billing.settleNow()).toBe(0);

    await expect(h.bus.request(BILLING_RPC.updateCard, { caller: bad, body: { card: CARD_DECLINED } })).rejects.toMatchObject({ code: 'CARD_DECLINED' });
    const fixed = await h.bus.request(BILLING_RPC.updateCard, { caller: bad, body: { card: CARD_OK } });
    expect(fixed).toMatchObject({ status: 'active', card: { last4: '4242' } });
    expect((await h.bus.request(BILLING_RPC.listInvoices, { caller: bad })).items.map((i) => i.status)).toEqual(['paid', 'open']);
    expect((await h.changes('admin-past-due')).map((c) => c.userStatus)).toEqual(['trialing', 'past_due', 'active']);
  });

  it('cancels at the end of the period, and resume undoes it before then', async () => {
    const leaving = callerOf('admin-cancels');
    const staying = callerOf('admin-resumes');
    for (const caller of [leaving, staying]) await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BM', card: CARD_OK } });
    expect(await h.bus.request(BILLING_RPC.cancel, { caller: leaving })).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true, nextCharge: null });
    await h.bus.request(BILLING_RPC.cancel, { caller: staying });
    expect(await h.bus.request(BILLING_RPC.resume, { caller: staying })).toMatchObject({ cancelAtPeriodEnd: false, nextCharge: { amount: 6_900 } });
    h.advance(7 * DAY_MS + 60_000);
    await h.billing.settleNow();
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller: leaving })).toMatchObject({ status: 'canceled' });
    expect((await h.changes('admin-cancels')).at(-1)).toMatchObject({ userStatus: 'canceled' });
    expect(await h.bus.request(BILLING_RPC.listInvoices, { caller: leaving })).toEqual({ items: [] });
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller: staying })).toMatchObject({ status: 'active' });
  });

  it('upgrades at once with proration, and downgrades at the end of the period', async () => {
    const caller = callerOf('admin-changes');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM', card: CARD_OK } });
    h.advance(7 * DAY_MS + 60_000);
    await h.billing.settleNow();
    const up = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BM' } });
    expect(up.subscription).toMatchObject({ planCode: 'BM', status: 'active' });
    const invoices = (await h.bus.request(BILLING_RPC.listInvoices, { caller })).items;
    // (69 - 12) dollars for almost the whole month.
    expect(invoices[0]?.amount).toBeGreaterThan(5_500);
    expect(invoices[0]?.amount).toBeLessThanOrEqual(5_700);
    expect((await h.changes('admin-changes')).at(-1)).toMatchObject({ role: 'business', planCode: 'BM' });

    const down = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM' } });
    expect(down.subscription).toMatchObject({ planCode: 'BM', nextPlanCode: 'PRM', nextCharge: { amount: 2_900 } });
    h.advance(32 * DAY_MS);
    await h.billing.settleNow();
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ planCode: 'PRM', nextPlanCode: null, status: 'active' });
    expect((await h.changes('admin-changes')).at(-1)).toMatchObject({ role: 'pro', planCode: 'PRM' });
  });

  it('keeps billing to the admin: a team member is refused', async () => {
    const member = callerOf('member-1', { isTeamMember: true, parentAdminId: 'admin-trial' });
    await expect(h.bus.request(BILLING_RPC.getSubscription, { caller: member })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(h.bus.request(BILLING_RPC.checkout, { caller: member, body: { planCode: 'PRM', card: CARD_OK } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('when the renewal of the account being purged is in flight, then its invoice is purged too, not left behind', async () => {
    const adminId = 'admin-leaving';
    await h.bus.request(BILLING_RPC.checkout, { caller: callerOf(adminId), body: { planCode: 'PRM', card: CARD_OK } });
    h.advance(7 * DAY_MS + 60_000);

    // What the settle timer's transaction does for a due subscription (settle-due-subscriptions.ts):
    // lock the subscription, insert the period's invoice, save; here it is held open while the purge runs.
    const renewal = await h.db.transaction();
    await renewal('subscriptions').where({ admin_id: adminId }).forUpdate().first();
    await renewal('invoices').insert({ id: randomUUID(), admin_id: adminId, plan_code: 'PRM', amount: 2_900, currency: 'usd', status: 'paid', period_start: h.now(), period_end: h.now(), created_at: h.now() });

    const purge = h.db.transaction((trx) => purgeBillingRows(trx, adminId));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await renewal.commit();
    await purge;

    expect(await h.db('invoices').where({ admin_id: adminId })).toEqual([]);
    expect(await h.db('subscriptions').where({ admin_id: adminId })).toEqual([]);
    expect(await h.db('customers').where({ admin_id: adminId })).toEqual([]);
  });

});
