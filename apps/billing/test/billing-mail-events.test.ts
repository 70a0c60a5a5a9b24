import { BILLING_RPC, INVOICE_PAID, INVOICE_PAYMENT_FAILED, SUBSCRIPTION_CANCELED, SUBSCRIPTION_TRIAL_ENDING, type EventDef } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, DAY_MS, emittedEvents, startBillingHarness, type BillingHarness } from './billing-harness';

const CARD_OK = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const CARD_FAILS_LATER = { ...CARD_OK, number: '4000 0000 0000 0341' };

const emitted = <T extends { eventId: string; adminId: string }>(h: BillingHarness, event: EventDef<T>, adminId: string) => emittedEvents(h.db, event, adminId);

describe('billing events for mail', () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await startBillingHarness('mail_events');
  });
  afterAll(() => h.close());

  it('announces a trial ending within 2 days once, with the email and language given at checkout, then the failed charge once', async () => {
    const caller = callerOf('admin-zh-fails');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', card: CARD_FAILS_LATER, lang: 'zh' } });
    const trialEnd = (await h.bus.request(BILLING_RPC.getSubscription, { caller })).trialEnd!;

    h.advance(4 * DAY_MS);
    await h.billing.settleNow();
    expect(await emitted(h, SUBSCRIPTION_TRIAL_ENDING, caller.sub)).toEqual([]);

    h.advance(DAY_MS + 60_000);
    await h.billing.settleNow();
    await h.billing.settleNow();
    h.advance(DAY_MS);
    await h.billing.settleNow();
    expect(await emitted(h, SUBSCRIPTION_TRIAL_ENDING, caller.sub)).toEqual([
      { eventId: expect.any(String), adminId: caller.sub, email: caller.email, lang: 'zh', planCode: 'PRM', trialEnd, amount: 2_900, currency: 'usd' },
    ]);

    h.advance(DAY_MS);
    await h.billing.settleNow();
    await h.billing.settleNow();
    const failed = await emitted(h, INVOICE_PAYMENT_FAILED, caller.sub);
    expect(failed).toEqual([
      { eventId: expect.any(String), adminId: caller.sub, email: caller.email, lang: 'zh', planCode: 'PRM', invoiceNumber: expect.any(String), amount: 2_900, currency: 'usd', periodStart: trialEnd, periodEnd: expect.any(Number) },
    ]);
    expect(await emitted(h, INVOICE_PAID, caller.sub)).toEqual([]);
    expect(await emitted(h, SUBSCRIPTION_TRIAL_ENDING, caller.sub)).toHaveLength(1);
  });

  it('sends the receipt of a paid charge once, in English when checkout gave no language', async () => {
    const caller = callerOf('admin-en-pays');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM', card: CARD_OK } });
    h.advance(7 * DAY_MS + 60_000);
    await h.billing.settleNow();
    await h.billing.settleNow();
    const [invoice] = (await h.bus.request(BILLING_RPC.listInvoices, { caller })).items;
    expect(await emitted(h, INVOICE_PAID, caller.sub)).toEqual([
      {
        eventId: expect.any(String),
        adminId: caller.sub,
        email: caller.email,
        lang: 'en',
        planCode: 'PM',
        invoiceNumber: invoice!.number,
        amount: invoice!.amount,
        currency: 'usd',
        periodStart: invoice!.periodStart,
        periodEnd: invoice!.periodEnd,
      },
    ]);
    expect(await emitted(h, INVOICE_PAYMENT_FAILED, caller.sub)).toEqual([]);
  });

  it('announces nothing for a trial cancelled before its last 2 days, and says once that it ended', async () => {
    const caller = callerOf('admin-leaves');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BM', card: CARD_OK, lang: 'en' } });
    await h.bus.request(BILLING_RPC.cancel, { caller });
    h.advance(6 * DAY_MS);
    await h.billing.settleNow();
    expect(await emitted(h, SUBSCRIPTION_TRIAL_ENDING, caller.sub)).toEqual([]);
    h.advance(DAY_MS + 60_000);
    await h.billing.settleNow();
    await h.billing.settleNow();
    expect(await emitted(h, SUBSCRIPTION_CANCELED, caller.sub)).toEqual([
      { eventId: expect.any(String), adminId: caller.sub, email: caller.email, lang: 'en', planCode: 'BM', endedAt: expect.any(Number) },
    ]);
    expect(await emitted(h, INVOICE_PAID, caller.sub)).toEqual([]);
  });

  it('sends the receipt of a prorated upgrade charged at once', async () => {
    const caller = callerOf('admin-upgrades');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PM', card: CARD_OK } });
    h.advance(7 * DAY_MS + 60_000);
    await h.billing.settleNow();
    h.advance(10 * DAY_MS);
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BM' } });
    const invoices = (await h.bus.request(BILLING_RPC.listInvoices, { caller })).items;
    expect(invoices).toHaveLength(2);
    const receipts = await emitted(h, INVOICE_PAID, caller.sub);
    expect(receipts.map((r) => [r.planCode, r.invoiceNumber, r.amount])).toEqual([...invoices].reverse().map((i) => [i.planCode, i.number, i.amount]));
    expect(receipts[1]!.planCode).toBe('BM');
  });

  it('keeps the language of an earlier checkout when a later one gives none', async () => {
    const caller = callerOf('admin-keeps-zh');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', card: CARD_OK, lang: 'zh' } });
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'BM' } });
    expect((await h.db('customers').where({ admin_id: caller.sub }).first()).lang).toBe('zh');
  });
});
