import { BILLING_RPC, INVOICE_PAID, INVOICE_PAYMENT_FAILED, SUBSCRIPTION_CANCELED, SUBSCRIPTION_TRIAL_ENDING } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, emittedEvents } from './billing-harness';
import { PRICES, startStripeHarness, type StripeHarness } from './stripe-harness';

const DAY_S = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const subscriptionOf = (h: StripeHarness, adminId: string) => [...h.standIn.subscriptions.values()].find((s) => (s['metadata'] as Record<string, string>)['adminId'] === adminId);
const priceOfStandIn = (h: StripeHarness, adminId: string) => (subscriptionOf(h, adminId)?.['items'] as { data: Array<{ price: { id: string } }> }).data[0]?.price.id;

/** Billing with BILLING_PROVIDER=stripe does what the local provider does: mails, coupons, lifetime deals, downgrades. */
describe('the Stripe provider on a par with the local one', () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await startStripeHarness('stripe_parity');
  });
  afterAll(() => h.close());

  /** A trialing subscription with a good card (or `paymentMethodId`); returns its Stripe id. */
  async function subscribe(adminId: string, options: { planCode?: 'PM' | 'PRM' | 'BM'; lang?: 'en' | 'zh'; paymentMethodId?: string; promotionCode?: string } = {}): Promise<string> {
    const { planCode = 'PRM', paymentMethodId = 'pm_card_visa', ...rest } = options;
    await h.bus.request(BILLING_RPC.checkout, { caller: callerOf(adminId), body: { planCode, paymentMethodId, ...rest } });
    return String(subscriptionOf(h, adminId)?.id);
  }

  /** Stripe starts a new month (ending the trial) and charges the card; returns the new period's end (seconds). */
  function renew(id: string, start = nowSeconds()): number {
    const trialing = h.standIn.subscriptions.get(id)?.['status'] === 'trialing';
    h.standIn.mutateSubscription(id, { ...(trialing ? { trial_end: start } : {}), period: [start, start + 30 * DAY_S], charge: true });
    return start + 30 * DAY_S;
  }

  describe('billing mails from Stripe webhooks', () => {
    it('when invoice.paid comes (twice), then one receipt event in the checkout’s language with the invoice’s number; a trial’s $0 invoice has none', async () => {
      const id = await subscribe('admin-p-receipt', { lang: 'zh' });
      await h.deliver(h.standIn.eventOf('invoice.paid', h.standIn.invoiceFor(id, { status: 'paid', amount: 0 })));
      expect(await emittedEvents(h.db, INVOICE_PAID, 'admin-p-receipt')).toEqual([]);
      renew(id);
      const paid = h.standIn.eventOf('invoice.paid', h.standIn.invoiceFor(id, { status: 'paid', amount: 2_900 }));
      expect(await h.deliver(paid)).toEqual({ received: true, duplicate: false });
      expect(await h.deliver(paid)).toEqual({ received: true, duplicate: true });
      const invoice = (await h.bus.request(BILLING_RPC.listInvoices, { caller: callerOf('admin-p-receipt') })).items.find((i) => i.amount === 2_900);
      expect(await emittedEvents(h.db, INVOICE_PAID, 'admin-p-receipt')).toEqual([
        {
          eventId: expect.any(String),
          adminId: 'admin-p-receipt',
          email: 'admin-p-receipt@example.com',
          lang: 'zh',
          planCode: 'PRM',
          invoiceNumber: invoice?.number,
          amount: 2_900,
          currency: 'usd',
          periodStart: invoice?.periodStart,
          periodEnd: invoice?.periodEnd,
        },
      ]);
    });

    it('when invoice.payment_failed comes, then one payment-failed event; once the invoice is paid, a late failure sends none', async () => {
      const id = await subscribe('admin-p-failed', { paymentMethodId: 'pm_card_chargeCustomerFail' });
      renew(id);
      const failed = h.standIn.eventOf('invoice.payment_failed', h.standIn.invoiceFor(id, { status: 'open', amount: 2_900 }));
      await h.deliver(failed);
      await h.deliver(failed);
      expect(await emittedEvents(h.db, INVOICE_PAYMENT_FAILED, 'admin-p-failed')).toMatchObject([{ lang: 'en', planCode: 'PRM', amount: 2_900, currency: 'usd' }]);
      h.standIn.mutateSubscription(id, { status: 'active' });
      await h.deliver(h.standIn.eventOf('invoice.paid', h.standIn.invoiceFor(id, { status: 'paid', amount: 2_900 })));
      await h.deliver(h.standIn.eventOf('invoice.payment_failed', h.standIn.invoiceFor(id, { status: 'open', amount: 2_900 })));
      expect(await emittedEvents(h.db, INVOICE_PAYMENT_FAILED, 'admin-p-failed')).toHaveLength(1);
      expect(await emittedEvents(h.db, INVOICE_PAID, 'admin-p-failed')).toHaveLength(1);
    });

    it('when Stripe deletes the subscription, then one subscription-ended event at Stripe’s ended_at', async () => {
      const id = await subscribe('admin-p-ends', { planCode: 'BM' });
      await h.sdk.subscriptions.cancel(id);
      const deleted = h.subscriptionEvent('customer.subscription.deleted', id);
      await h.deliver(deleted);
      await h.deliver(deleted);
      const endedAt = Number(h.standIn.subscriptions.get(id)?.['ended_at']) * 1000;
      expect(await emittedEvents(h.db, SUBSCRIPTION_CANCELED, 'admin-p-ends')).toEqual([
        { eventId: expect.any(String), adminId: 'admin-p-ends', email: 'admin-p-ends@example.com', lang: 'en', planCode: 'BM', endedAt },
      ]);
    });

    it('when the trial ends within 2 days, then one trial-ending event, from trial_will_end or from the timer, whichever comes first; 3 days ahead none yet', async () => {
      const id = await subscribe('admin-p-trial');
      const setTrialEnd = (end: number) => h.standIn.mutateSubscription(id, { trial_end: end, period: [nowSeconds() - 5 * DAY_S, end] });
      setTrialEnd(nowSeconds() + 3 * DAY_S);
      await h.deliver(h.subscriptionEvent('customer.subscription.trial_will_end', id));
      await h.billing.settleNow();
      expect(await emittedEvents(h.db, SUBSCRIPTION_TRIAL_ENDING, 'admin-p-trial')).toEqual([]);

      const end = nowSeconds() + DAY_S + 3_600;
      setTrialEnd(end);
      await h.deliver(h.subscriptionEvent('customer.subscription.trial_will_end', id));
      await h.billing.settleNow();
      await h.deliver(h.subscriptionEvent('customer.subscription.trial_will_end', id));
      expect(await emittedEvents(h.db, SUBSCRIPTION_TRIAL_ENDING, 'admin-p-trial')).toEqual([
        { eventId: expect.any(String), adminId: 'admin-p-trial', email: 'admin-p-trial@example.com', lang: 'en', planCode: 'PRM', trialEnd: end * 1000, amount: 2_900, currency: 'usd' },
      ]);

      const byTimer = await subscribe('admin-p-trial-timer');
      h.standIn.mutateSubscription(byTimer, { trial_end: end, period: [nowSeconds() - 5 * DAY_S, end] });
      await h.deliver(h.subscriptionEvent('customer.subscription.updated', byTimer));
      await h.billing.settleNow();
      await h.billing.settleNow();
      expect(await emittedEvents(h.db, SUBSCRIPTION_TRIAL_ENDING, 'admin-p-trial-timer')).toHaveLength(1);
    });
  });

  describe('promotion codes: one truth, Stripe’s', () => {
    const inOneYear = () => nowSeconds() + 365 * DAY_S;
    const coupon = { amountOff: null, duration: 'once' as const, durationInMonths: null, maxRedemptions: null };

    it('when an operator creates a coupon, then Stripe gets the coupon and its promotion code, and check and checkout both take it whatever the case', async () => {
      const created = await h.bus.request(BILLING_RPC.createCoupon, { ...coupon, code: 'Winter25', percentOff: 25, redeemBy: inOneYear() });
      const promo = [...h.standIn.promotionCodes.values()].find((p) => p['code'] === 'Winter25');
      expect(promo).toMatchObject({ active: true, metadata: { ferryCouponId: created.id } });
      const stripeCoupon = h.standIn.coupons.get(String((promo?.['promotion'] as { coupon: string }).coupon));
      expect(stripeCoupon).toMatchObject({ percent_off: 25, duration: 'once', redeem_by: created.redeemBy });
      expect(await h.bus.request(BILLING_RPC.checkCoupon, { caller: callerOf('admin-p-coupon'), body: { code: 'winter25' } })).toEqual({
        valid: true,
        code: 'Winter25',
        percentOff: 25,
        amountOff: null,
        duration: 'once',
        durationInMonths: null,
      });
      await subscribe('admin-p-coupon', { promotionCode: 'WINTER25' });
      expect(subscriptionOf(h, 'admin-p-coupon')?.['discounts']).toHaveLength(1);
      expect(promo?.['times_redeemed']).toBe(1);
      await expect(h.bus.request(BILLING_RPC.createCoupon, { ...coupon, code: 'WINTER25', percentOff: 5, redeemBy: inOneYear() })).rejects.toMatchObject({ code: 'COUPON_EXISTS' });
    });

    it('when a code exists only in Stripe, then the check accepts what checkout applies; a code only in Ferry’s table is refused by both', async () => {
      h.standIn.addPromotionCode('STRIPE-ONLY', 10);
      expect(await h.bus.request(BILLING_RPC.checkCoupon, { caller: callerOf('admin-p-c2'), body: { code: 'stripe-only' } })).toMatchObject({ valid: true, percentOff: 10 });
      await h.db('coupons').insert({ id: crypto.randomUUID(), code: 'FERRY-ONLY', percent_off: 30, duration: 'once', redeem_by: inOneYear(), created_at: new Date() });
      await expect(h.bus.request(BILLING_RPC.checkCoupon, { caller: callerOf('admin-p-c2'), body: { code: 'FERRY-ONLY' } })).rejects.toMatchObject({ code: 'COUPON_INVALID', message: 'This code is not valid.' });
      await expect(subscribe('admin-p-c2', { promotionCode: 'FERRY-ONLY' })).rejects.toMatchObject({ code: 'COUPON_INVALID' });
      expect(subscriptionOf(h, 'admin-p-c2')).toBeUndefined();
      await subscribe('admin-p-c2', { promotionCode: 'Stripe-Only' });
      expect(subscriptionOf(h, 'admin-p-c2')?.['discounts']).toHaveLength(1);
    });

    it('when Stripe’s coupon is past redeem_by or used up, then the check and checkout refuse it with the same code', async () => {
      h.standIn.addPromotionCode('OLD', 50, { coupon: { redeem_by: nowSeconds() - 1 } });
      h.standIn.addPromotionCode('ONCE', 50, { promotion: { max_redemptions: 1 } });
      const caller = callerOf('admin-p-c3');
      await expect(h.bus.request(BILLING_RPC.checkCoupon, { caller, body: { code: 'old' } })).rejects.toMatchObject({ code: 'COUPON_EXPIRED', message: 'This code has expired.' });
      await expect(subscribe('admin-p-c3', { promotionCode: 'OLD' })).rejects.toMatchObject({ code: 'COUPON_EXPIRED' });
      await subscribe('admin-p-c4', { promotionCode: 'ONCE' });
      await expect(h.bus.request(BILLING_RPC.checkCoupon, { caller, body: { code: 'ONCE' } })).rejects.toMatchObject({ code: 'COUPON_USED_UP', message: 'This code has been used up.' });
      await expect(subscribe('admin-p-c3', { promotionCode: 'ONCE' })).rejects.toMatchObject({ code: 'COUPON_USED_UP' });
      expect(subscriptionOf(h, 'admin-p-c3')).toBeUndefined();
    });
  });

  it('when a lifetime code is redeemed while a Stripe subscription runs, then Stripe cancels it at once and its webhooks leave the lifetime deal alone', async () => {
    const id = await subscribe('admin-p-sumo');
    renew(id);
    const { codes } = await h.bus.request(BILLING_RPC.createLifetimeCodes, { count: 1 });
    const caller = callerOf('admin-p-sumo');
    expect(await h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller, body: { code: codes[0]! } })).toMatchObject({ planCode: 'PRY', isSumo: true, nextCharge: null });
    expect(h.standIn.subscriptions.get(id)).toMatchObject({ status: 'canceled' });
    expect(h.standIn.requests).toContain(`DELETE /v1/subscriptions/${id}`);
    await h.deliver(h.subscriptionEvent('customer.subscription.deleted', id));
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ planCode: 'PRY', status: 'active', isSumo: true });
    expect((await h.changes('admin-p-sumo')).at(-1)).toMatchObject({ planCode: 'PRY', userStatus: 'active' });
    expect(await emittedEvents(h.db, SUBSCRIPTION_CANCELED, 'admin-p-sumo')).toEqual([]);
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BM' } })).rejects.toMatchObject({ code: 'LIFETIME_ALREADY_REDEEMED' });
  });

  it('when the lifetime redemption cannot cancel on Stripe, then nothing is redeemed and the code stays usable', async () => {
    const id = await subscribe('admin-p-sumo-fails');
    const { codes } = await h.bus.request(BILLING_RPC.createLifetimeCodes, { count: 1 });
    // Every try of the SDK's first call (it retries twice) fails.
    h.standIn.failNextRequests(3);
    await expect(h.bus.request(BILLING_RPC.redeemLifetimeCode, { caller: callerOf('admin-p-sumo-fails'), body: { code: codes[0]! } })).rejects.toBeDefined();
    expect(await h.db('lifetime_codes').where({ code: codes[0] }).first()).toMatchObject({ redeemed_by: null });
    expect(h.standIn.subscriptions.get(id)).toMatchObject({ status: 'trialing' });
  });

  it('when the admin downgrades, then Stripe keeps the price until the period ends (a schedule), and the renewal brings the new plan', async () => {
    const caller = callerOf('admin-p-down');
    const id = await subscribe('admin-p-down', { planCode: 'BM' });
    const periodEnd = renew(id);
    await h.deliver(h.subscriptionEvent('customer.subscription.updated', id));

    const down = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM' } });
    expect(down.subscription).toMatchObject({ planCode: 'BM', status: 'active', nextPlanCode: 'PRM', nextCharge: { amount: 2_900, at: periodEnd * 1000 } });
    expect(priceOfStandIn(h, 'admin-p-down')).toBe(PRICES.BM);
    const schedule = h.standIn.schedules.get(String(subscriptionOf(h, 'admin-p-down')?.['schedule']));
    expect(schedule?.['phases']).toMatchObject([
      { end_date: periodEnd, items: [{ price: PRICES.BM }] },
      { start_date: periodEnd, items: [{ price: PRICES.PRM }], proration_behavior: 'none' },
    ]);
    expect((await h.changes('admin-p-down')).at(-1)).toMatchObject({ planCode: 'BM', role: 'business' });

    // A second downgrade rewrites the schedule; cancelling drops the downgrade; resuming keeps the plan.
    expect((await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM' } })).subscription).toMatchObject({ nextPlanCode: 'PM' });
    expect(await h.bus.request(BILLING_RPC.cancel, { caller })).toMatchObject({ cancelAtPeriodEnd: true, nextPlanCode: null });
    expect(schedule?.['status']).toBe('released');
    expect(await h.bus.request(BILLING_RPC.resume, { caller })).toMatchObject({ cancelAtPeriodEnd: false, planCode: 'BM' });
    expect((await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM' } })).subscription).toMatchObject({ planCode: 'BM', nextPlanCode: 'PRM' });

    // Stripe renews on the schedule's next phase; its webhook brings the new plan.
    renew(id, periodEnd);
    expect(priceOfStandIn(h, 'admin-p-down')).toBe(PRICES.PRM);
    await h.deliver(h.subscriptionEvent('customer.subscription.updated', id));
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ planCode: 'PRM', nextPlanCode: null, status: 'active' });
    expect((await h.changes('admin-p-down')).at(-1)).toMatchObject({ planCode: 'PRM', role: 'pro' });
  });

  it('when a downgrade is pending, then checking out the current plan undoes it and an upgrade applies at once', async () => {
    const caller = callerOf('admin-p-undo');
    const id = await subscribe('admin-p-undo', { planCode: 'PRM' });
    renew(id);
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM' } });
    expect((await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM' } })).subscription).toMatchObject({ planCode: 'PRM', nextPlanCode: null });
    expect(subscriptionOf(h, 'admin-p-undo')?.['schedule']).toBeNull();
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM' } });
    expect((await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BM' } })).subscription).toMatchObject({ planCode: 'BM', nextPlanCode: null });
    expect(priceOfStandIn(h, 'admin-p-undo')).toBe(PRICES.BM);
    expect(subscriptionOf(h, 'admin-p-undo')?.['schedule']).toBeNull();
  });
});
