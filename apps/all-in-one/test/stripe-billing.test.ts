import { startStripeStandIn, waitFor, type StripeStandIn } from '@ferry/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, type ErrorBody } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const WEBHOOK_SECRET = 'whsec_allinonetest';
const PRICES = { PM: 'price_pm', PY: 'price_py', PRM: 'price_prm', PRY: 'price_pry', BM: 'price_bm', BY: 'price_by' };

/** BILLING_PROVIDER=stripe end to end: the page's checkout, Stripe (the stand-in) and its signed webhook through the gateway. */
describe('billing with Stripe through the gateway', () => {
  let running: TestFerry;
  let standIn: StripeStandIn;
  let sdk: Stripe;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    sdk = new Stripe('sk_test_ferry', { host: standIn.host, port: standIn.port, protocol: 'http' });
    running = await startTestFerry('stripe_billing', {
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_ferry',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_ferry',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      ...Object.fromEntries(Object.entries(PRICES).map(([code, price]) => [`STRIPE_PRICE_${code}`, price])),
    });
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
    await standIn?.close();
  });

  const postWebhook = (payload: string, signature: string) =>
    fetch(`${running.api}/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload });

  it('when the page confirms the card and Stripe posts the signed event, then identity applies the trial; a redelivery does nothing', async () => {
    const { accessToken, user } = await signUpThroughGateway(running.api, running.inbox, { email: 'stripe-buyer@example.com', plan: 'PRM', subscribe: false });
    const buyer = gatewayClient(running.api, accessToken);
    const checkout = await buyer.call('POST', '/billing/checkout', { planCode: 'PRM' });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ type: 'setup', clientSecret: expect.stringMatching(/^seti_/), subscription: { provider: 'stripe', status: 'unpaid' } });

    const subscriptionId = [...standIn.subscriptions.keys()][0] ?? '';
    standIn.confirmSetupIntent(subscriptionId, 'pm_card_visa');
    const payload = standIn.eventOf('customer.subscription.updated', standIn.mutateSubscription(subscriptionId, {}));
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const delivered = await postWebhook(payload, signature);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, duplicate: false });
    const userRow = () => running.db('identity.users').where({ id: user.id }).first<{ role: string; status: string }>('role', 'status');
    await waitFor('identity to apply the Stripe trial', async () => (await userRow())?.status === 'trialing', 10_000);
    expect(await (await postWebhook(payload, signature)).json()).toEqual({ received: true, duplicate: true });

    const forged = await postWebhook(payload.replace('"trialing"', '"active"'), signature);
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as ErrorBody).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('when Stripe posts the invoice and subscription events of a Chinese buyer, then the receipt, payment-failed and subscription-ended mails arrive in Chinese, once each', async () => {
    const email = 'stripe-zh-mails@example.com';
    const { accessToken } = await signUpThroughGateway(running.api, running.inbox, { email, plan: 'PRM', subscribe: false });
    const mailsBefore = running.inbox.mailsTo(email).length;
    const checkout = await gatewayClient(running.api, accessToken).call('POST', '/billing/checkout', { planCode: 'PRM', paymentMethodId: 'pm_card_visa', lang: 'zh' });
    expect(checkout.status).toBe(200);
    const id = String([...standIn.subscriptions.values()].find((s) => s['customer'] === [...standIn.customers.values()].find((c) => c['email'] === email)?.id)?.id);
    const deliver = async (payload: string) => {
      const response = await postWebhook(payload, sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
      expect(response.status).toBe(200);
    };
    const start = Math.floor(Date.now() / 1000);
    standIn.mutateSubscription(id, { trial_end: start, period: [start, start + 30 * 86_400], charge: true });
    const paid = standIn.eventOf('invoice.paid', standIn.invoiceFor(id, { status: 'paid', amount: 2_900 }));
    await deliver(paid);
    await deliver(paid);
    const [receipt] = (await running.inbox.waitForMailsTo(email, mailsBefore + 1, 20_000)).slice(mailsBefore);
    expect(receipt?.subject).toMatch(/^您的 Ferry 付款收据 FERRY-\d{6}$/);
    expect(receipt?.text).toContain('US$29.00');

    standIn.mutateSubscription(id, { period: [start + 30 * 86_400, start + 60 * 86_400], status: 'past_due', latest_invoice: 'in_renewal_zh' });
    await deliver(standIn.eventOf('invoice.payment_failed', standIn.invoiceFor(id, { status: 'open', amount: 2_900 })));
    const failed = (await running.inbox.waitForMailsTo(email, mailsBefore + 2, 20_000))[mailsBefore + 1];
    expect(failed?.subject).toBe('您的 Ferry 付款失败');
    expect(failed?.text).toContain(`${new URL(running.api).origin}/dash/account/billing`);

    await sdk.subscriptions.cancel(id);
    await deliver(standIn.eventOf('customer.subscription.deleted', standIn.mutateSubscription(id, {})));
    const ended = (await running.inbox.waitForMailsTo(email, mailsBefore + 3, 20_000))[mailsBefore + 2];
    expect(ended?.subject).toBe('您的 Ferry 订阅已结束');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(running.inbox.mailsTo(email)).toHaveLength(mailsBefore + 3);
  }, 90_000);

  it('when the admin opens the portal, then a Stripe Customer Portal URL', async () => {
    const { accessToken } = await signUpThroughGateway(running.api, running.inbox, { email: 'stripe-portal@example.com', plan: 'PM', subscribe: false });
    const admin = gatewayClient(running.api, accessToken);
    expect((await admin.call('POST', '/billing/portal', {})).status).toBe(404);
    expect((await admin.call('POST', '/billing/checkout', { planCode: 'PM', paymentMethodId: 'pm_card_visa' })).status).toBe(200);
    const portal = await admin.call('POST', '/billing/portal', {});
    expect(portal.status).toBe(200);
    expect(portal.body).toMatchObject({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//) });
  });
});
