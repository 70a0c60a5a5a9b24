import { BILLING_RPC } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf } from './billing-harness';
import { startStripeHarness, type StripeHarness } from './stripe-harness';

describe("GET /billing/invoices with Stripe: the hosted invoice page", () => {
  let h: StripeHarness;
  beforeAll(async () => {
    h = await startStripeHarness('stripe_invoice_url');
  });
  afterAll(() => h.close());

  it("when Stripe's invoice.paid arrives, then the invoice lists with Stripe's hosted_invoice_url; another admin's list stays empty", async () => {
    const caller = callerOf('admin-url');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', paymentMethodId: 'pm_card_visa' } });
    const subscription = [...h.standIn.subscriptions.values()].find((s) => (s['metadata'] as Record<string, string>)['adminId'] === 'admin-url');
    const invoice = h.standIn.invoiceFor(String(subscription?.id), { status: 'paid', amount: 1_500 });
    await h.deliver(h.standIn.eventOf('invoice.paid', invoice));
    const { items } = await h.bus.request(BILLING_RPC.listInvoices, { caller });
    expect(invoice['hosted_invoice_url']).toMatch(/^https:\/\/invoice\.stripe\.com\/i\//);
    expect(items).toMatchObject([{ status: 'paid', amount: 1_500, url: invoice['hosted_invoice_url'] }]);
    expect((await h.bus.request(BILLING_RPC.listInvoices, { caller: callerOf('admin-other') })).items).toEqual([]);
  });
});
