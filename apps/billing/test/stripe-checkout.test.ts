import { BILLING_PROVIDER_RPC, BILLING_RPC } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, DAY_MS, startBillingHarness } from './billing-harness';
import { PRICES, startStripeHarness, type StripeHarness } from './stripe-harness';

const subscriptionOf = (h: StripeHarness, adminId: string) => [...h.standIn.subscriptions.values()].find((s) => (s['metadata'] as Record<string, string>)['adminId'] === adminId);

describe('checkout with the Stripe provider (the real SDK against the stand-in)', () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await startStripeHarness('stripe_checkout');
  });
  afterAll(() => h.close());

  it('when a card from Elements comes with the first checkout, then Stripe has a 7-day trial on the package price and identity hears trialing', async () => {
    const caller = callerOf('admin-s-trial');
    const result = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRY', paymentMethodId: 'pm_card_visa' } });
    expect(result.subscription).toMatchObject({ provider: 'stripe', planCode: 'PRY', status: 'trialing', trialDaysLeft: 7, card: { brand: 'visa', last4: '4242' } });
    const sub = subscriptionOf(h, 'admin-s-trial');
    expect(sub).toMatchObject({ status: 'trialing', default_payment_method: 'pm_card_visa', payment_settings: { save_default_payment_method: 'on_subscription' } });
    expect((sub?.['items'] as { data: Array<{ price: { id: string } }> }).data[0]?.price.id).toBe(PRICES.PRY);
    expect(Number(sub?.['trial_end']) * 1000 - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect((await h.changes('admin-s-trial')).map((c) => [c.role, c.userStatus])).toEqual([['pro', 'trialing']]);
  });

  it('when the page has no card yet, then the answer carries the SetupIntent secret and the trial starts only once Stripe has the card', async () => {
    const caller = callerOf('admin-s-elements');
    const result = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM' } });
    expect(result.type).toBe('setup');
    expect(result.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(result.subscription.status).toBe('unpaid');
    const sub = subscriptionOf(h, 'admin-s-elements');
    await h.deliver(h.subscriptionEvent('customer.subscription.created', String(sub?.id)));
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller })).status).toBe('unpaid');
    // The page confirms the SetupIntent; Stripe makes the card the subscription's default and says so.
    h.standIn.confirmSetupIntent(String(sub?.id), 'pm_card_mastercard');
    await h.deliver(h.subscriptionEvent('customer.subscription.updated', String(sub?.id)));
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ status: 'trialing', card: { brand: 'mastercard', last4: '4444' } });
    expect((await h.changes('admin-s-elements')).map((c) => c.userStatus)).toEqual(['unpaid', 'trialing']);
  });

  it("when the confirmed card became the customer's default only, then the trial starts all the same", async () => {
    const caller = callerOf('admin-s-customer-default');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM' } });
    const id = String(subscriptionOf(h, 'admin-s-customer-default')?.id);
    h.standIn.confirmSetupIntent(id, 'pm_card_visa', { asCustomerDefault: true });
    h.standIn.mutateSubscription(id, { pending_setup_intent: null });
    await h.deliver(h.subscriptionEvent('customer.subscription.updated', id));
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ status: 'trialing', card: { last4: '4242' } });
  });

  it('when Stripe declines the card, then CARD_DECLINED and no subscription exists anywhere', async () => {
    const caller = callerOf('admin-s-declined');
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM', paymentMethodId: 'pm_card_chargeDeclined' } })).rejects.toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM', paymentMethodId: 'pm_nonsense' } })).rejects.toMatchObject({ code: 'CARD_INVALID' });
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM', card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } } })).rejects.toMatchObject({ code: 'CARD_INVALID' });
    expect(subscriptionOf(h, 'admin-s-declined')).toBeUndefined();
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller })).status).toBe('none');
  });

  it('when a promotion code comes with checkout, then Stripe gets its promotion code; an unknown code is COUPON_INVALID', async () => {
    const promo = h.standIn.addPromotionCode('LAUNCH20', 20);
    await expect(h.bus.request(BILLING_RPC.checkout, { caller: callerOf('admin-s-promo'), body: { planCode: 'BM', paymentMethodId: 'pm_card_visa', promotionCode: 'NOPE' } })).rejects.toMatchObject({ code: 'COUPON_INVALID' });
    await h.bus.request(BILLING_RPC.checkout, { caller: callerOf('admin-s-promo'), body: { planCode: 'BM', paymentMethodId: 'pm_card_visa', promotionCode: 'LAUNCH20' } });
    expect(h.standIn.requests).toContain('GET /v1/promotion_codes');
    expect(subscriptionOf(h, 'admin-s-promo')?.['discounts']).toHaveLength(1);
    expect(promo).toMatch(/^promo_/);
  });

  it('when the admin cancels, resumes and upgrades, then Stripe is changed and billing shows what Stripe answered', async () => {
    const caller = callerOf('admin-s-change');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', paymentMethodId: 'pm_card_visa' } });
    expect(await h.bus.request(BILLING_RPC.cancel, { caller })).toMatchObject({ cancelAtPeriodEnd: true, nextCharge: null });
    expect(subscriptionOf(h, 'admin-s-change')?.['cancel_at_period_end']).toBe(true);
    expect(await h.bus.request(BILLING_RPC.resume, { caller })).toMatchObject({ cancelAtPeriodEnd: false });
    const upgraded = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BM' } });
    expect(upgraded.subscription).toMatchObject({ planCode: 'BM', status: 'trialing' });
    expect((subscriptionOf(h, 'admin-s-change')?.['items'] as { data: Array<{ price: { id: string } }> }).data[0]?.price.id).toBe(PRICES.BM);
    expect((await h.changes('admin-s-change')).map((c) => c.role)).toEqual(['pro', 'business']);
    const card = await h.bus.request(BILLING_RPC.updateCard, { caller, body: { paymentMethodId: 'pm_card_mastercard' } });
    expect(card.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(subscriptionOf(h, 'admin-s-change')?.['default_payment_method']).toBe('pm_card_mastercard');
  });

  it('when a cancelled customer subscribes again, then no second trial: the answer is the first payment to confirm in the page', async () => {
    const caller = callerOf('admin-s-returns');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM', paymentMethodId: 'pm_card_visa' } });
    const first = String(subscriptionOf(h, 'admin-s-returns')?.id);
    await h.sdk.subscriptions.cancel(first);
    await h.deliver(h.subscriptionEvent('customer.subscription.deleted', first));
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller })).status).toBe('canceled');
    const again = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PY' } });
    expect(again).toMatchObject({ type: 'payment', clientSecret: expect.stringMatching(/^pi_secret_/), subscription: { planCode: 'PY', status: 'unpaid', trialEnd: null } });
    const second = [...h.standIn.subscriptions.values()].find((s) => s.id !== first && (s['metadata'] as Record<string, string>)['adminId'] === 'admin-s-returns');
    expect(second?.['trial_end']).toBeNull();
    // The page confirms the payment; Stripe activates the subscription and says so.
    h.standIn.mutateSubscription(String(second?.id), { charge: true });
    await h.deliver(h.standIn.eventOf('invoice.paid', h.standIn.invoiceFor(String(second?.id), { status: 'paid', amount: 9_600 })));
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ status: 'active', planCode: 'PY' });
    // A late event about the first, cancelled subscription leaves the new one alone.
    expect(await h.deliver(h.subscriptionEvent('customer.subscription.updated', first))).toEqual({ received: true, duplicate: false });
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ status: 'active', planCode: 'PY' });
  });

  it('when the admin asks for the portal, then a Customer Portal URL; without a Stripe customer NO_SUBSCRIPTION', async () => {
    const portal = await h.bus.request(BILLING_PROVIDER_RPC.portal, { caller: callerOf('admin-s-trial') });
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    await expect(h.bus.request(BILLING_PROVIDER_RPC.portal, { caller: callerOf('admin-s-nobody') })).rejects.toMatchObject({ code: 'NO_SUBSCRIPTION' });
    await expect(h.bus.request(BILLING_PROVIDER_RPC.portal, { caller: callerOf('member', { isTeamMember: true }) })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('the portal with the local provider', () => {
  it('when billing runs the local provider, then the portal is BILLING_PORTAL_UNAVAILABLE (409)', async () => {
    const local = await startBillingHarness('stripe_portal_local');
    try {
      await expect(local.bus.request(BILLING_PROVIDER_RPC.portal, { caller: callerOf('admin-local') })).rejects.toMatchObject({ code: 'BILLING_PORTAL_UNAVAILABLE', status: 409 });
    } finally {
      await local.close();
    }
  });
});
