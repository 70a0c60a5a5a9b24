import { BILLING_RPC } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf } from './billing-harness';
import { startStripeHarness, type StripeHarness } from './stripe-harness';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Stripe webhooks (signed with the SDK’s generateTestHeaderString)', () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await startStripeHarness('stripe_webhooks');
  });
  afterAll(() => h.close());

  /** A trialing subscription with a good card; returns its Stripe id. */
  async function subscribe(adminId: string, paymentMethodId = 'pm_card_visa'): Promise<string> {
    await h.bus.request(BILLING_RPC.checkout, { caller: callerOf(adminId), body: { planCode: 'PRM', paymentMethodId } });
    const sub = [...h.standIn.subscriptions.values()].find((s) => (s['metadata'] as Record<string, string>)['adminId'] === adminId);
    return String(sub?.id);
  }

  const processed = async (eventId: string) => h.db('processed_webhooks').where({ event_id: eventId }).first();

  it('when the signature is wrong, missing or signed with another secret, then WEBHOOK_SIGNATURE_INVALID (400) and nothing is recorded', async () => {
    const id = await subscribe('admin-w-sig');
    const payload = h.subscriptionEvent('customer.subscription.updated', id);
    const otherSecret = h.sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someoneelse' });
    for (const signature of ['', 't=1,v1=deadbeef', otherSecret]) {
      await expect(h.deliver(payload, { signature })).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', status: 400 });
    }
    const tampered = payload.replace('"trialing"', '"canceled"');
    const signedOriginal = h.sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_ferrytestsecret' });
    await expect(h.deliver(tampered, { signature: signedOriginal })).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect(await processed(JSON.parse(payload).id)).toBeUndefined();
  });

  it('when the signature is older than 300 s, then WEBHOOK_SIGNATURE_INVALID; at 250 s it is still accepted', async () => {
    const id = await subscribe('admin-w-stale');
    const stale = h.subscriptionEvent('customer.subscription.updated', id);
    await expect(h.deliver(stale, { timestamp: nowSeconds() - 301 })).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', message: expect.stringMatching(/tolerance/i) });
    expect(await h.deliver(h.subscriptionEvent('customer.subscription.updated', id), { timestamp: nowSeconds() - 250 })).toEqual({ received: true, duplicate: false });
  });

  it('when Stripe delivers the same event twice, then it has one effect', async () => {
    const id = await subscribe('admin-w-dup');
    h.standIn.mutateSubscription(id, { trial_end: nowSeconds(), period: [nowSeconds(), nowSeconds() + 30 * 86_400], charge: true });
    const payload = h.subscriptionEvent('customer.subscription.updated', id);
    expect(await h.deliver(payload)).toEqual({ received: true, duplicate: false });
    expect(await h.deliver(payload)).toEqual({ received: true, duplicate: true });
    const paid = h.standIn.eventOf('invoice.paid', h.standIn.invoiceFor(id, { status: 'paid', amount: 1_500 }));
    const concurrent = await Promise.all([h.deliver(paid), h.deliver(paid)]);
    expect(concurrent.map((r) => r.duplicate).sort()).toEqual([false, true]);
    expect((await h.changes('admin-w-dup')).map((c) => c.userStatus)).toEqual(['trialing', 'active']);
    expect(await h.db('processed_webhooks').where({ event_id: JSON.parse(payload).id })).toHaveLength(1);
    expect((await h.bus.request(BILLING_RPC.listInvoices, { caller: callerOf('admin-w-dup') })).items).toHaveLength(1);
  });

  it('when events arrive out of order, then billing ends in Stripe’s final state', async () => {
    const id = await subscribe('admin-w-order');
    const trialing = h.subscriptionEvent('customer.subscription.created', id);
    h.standIn.mutateSubscription(id, { trial_end: nowSeconds(), period: [nowSeconds(), nowSeconds() + 30 * 86_400], charge: true });
    const renewed = h.subscriptionEvent('customer.subscription.updated', id);
    await h.sdk.subscriptions.cancel(id);
    const deleted = h.subscriptionEvent('customer.subscription.deleted', id);
    for (const payload of [deleted, renewed, trialing]) await h.deliver(payload);
    const caller = callerOf('admin-w-order');
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ status: 'canceled', planCode: 'PRM' });
    expect((await h.changes('admin-w-order')).at(-1)).toMatchObject({ userStatus: 'canceled' });
  });

  it('when a renewal fails, invoice.payment_failed makes it past_due; a new card and invoice.paid make it active, one invoice paid', async () => {
    const id = await subscribe('admin-w-failed', 'pm_card_chargeCustomerFail');
    const end = nowSeconds();
    h.standIn.mutateSubscription(id, { trial_end: end, period: [end, end + 30 * 86_400], charge: true });
    await h.deliver(h.standIn.eventOf('invoice.payment_failed', h.standIn.invoiceFor(id, { status: 'open', amount: 1_500 })));
    const caller = callerOf('admin-w-failed');
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller })).status).toBe('past_due');
    expect((await h.bus.request(BILLING_RPC.listInvoices, { caller })).items).toMatchObject([{ status: 'open', amount: 1_500, planCode: 'PRM' }]);
    await h.bus.request(BILLING_RPC.updateCard, { caller, body: { paymentMethodId: 'pm_card_visa' } });
    h.standIn.mutateSubscription(id, { status: 'active' });
    await h.deliver(h.standIn.eventOf('invoice.paid', h.standIn.invoiceFor(id, { status: 'paid', amount: 1_500 })));
    const view = await h.bus.request(BILLING_RPC.getSubscription, { caller });
    expect(view).toMatchObject({ status: 'active', card: { last4: '4242' } });
    expect(view.currentPeriodEnd).toBe((end + 30 * 86_400) * 1000);
    const invoices = (await h.bus.request(BILLING_RPC.listInvoices, { caller })).items;
    expect(invoices).toMatchObject([{ status: 'paid', amount: 1_500, currency: 'usd', periodStart: end * 1000, periodEnd: (end + 30 * 86_400) * 1000 }]);
    expect((await h.changes('admin-w-failed')).map((c) => c.userStatus)).toEqual(['trialing', 'past_due', 'active']);
  });

  it('when applying fails (Stripe answers 500), then the delivery fails with a 5xx, nothing is recorded, and the retry applies it', async () => {
    const id = await subscribe('admin-w-retry');
    h.standIn.mutateSubscription(id, { status: 'past_due' });
    const payload = h.subscriptionEvent('customer.subscription.updated', id);
    h.standIn.failNextRequests(3);
    const failure = await h.deliver(payload).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: expect.any(Number) });
    expect((failure as { status: number }).status).toBeGreaterThanOrEqual(500);
    expect(await processed(JSON.parse(payload).id)).toBeUndefined();
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller: callerOf('admin-w-retry') })).status).toBe('trialing');
    expect(await h.deliver(payload)).toEqual({ received: true, duplicate: false });
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller: callerOf('admin-w-retry') })).status).toBe('past_due');
  });

  it('when the trial is about to end, customer.subscription.trial_will_end is recorded and changes nothing', async () => {
    const id = await subscribe('admin-w-trial-ends');
    const payload = h.subscriptionEvent('customer.subscription.trial_will_end', id);
    expect(await h.deliver(payload)).toEqual({ received: true, duplicate: false });
    expect(await processed(JSON.parse(payload).id)).toMatchObject({ type: 'customer.subscription.trial_will_end' });
    expect((await h.changes('admin-w-trial-ends')).map((c) => c.userStatus)).toEqual(['trialing']);
  });
});
