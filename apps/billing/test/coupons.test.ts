import { BILLING_RPC } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, DAY_MS, startBillingHarness, type BillingHarness } from './billing-harness';

const CARD_OK = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const YEAR_S = 365 * 86_400;

describe('coupons and promotion codes', () => {
  let h: BillingHarness;
  const inOneYear = () => Math.floor(h.now().getTime() / 1000) + YEAR_S;
  beforeAll(async () => {
    h = await startBillingHarness('coupons');
    const redeemBy = inOneYear();
    const base = { amountOff: null, duration: 'once' as const, durationInMonths: null, redeemBy, maxRedemptions: null };
    await h.bus.request(BILLING_RPC.createCoupon, { ...base, code: 'Spring20', percentOff: 20 });
    await h.bus.request(BILLING_RPC.createCoupon, { ...base, code: 'GONE', percentOff: 50, redeemBy: Math.floor(h.now().getTime() / 1000) - 1 });
    await h.bus.request(BILLING_RPC.createCoupon, { ...base, code: 'ONLY1', percentOff: 10, maxRedemptions: 1 });
    await h.bus.request(BILLING_RPC.createCoupon, { ...base, code: 'FIVE', percentOff: null, amountOff: 500, duration: 'forever' });
  });
  afterAll(() => h.close());

  it('when a code exists and redeem_by is in the future, then check answers its discount whatever the case typed', async () => {
    const answer = await h.bus.request(BILLING_RPC.checkCoupon, { caller: callerOf('checker'), body: { code: 'spring20' } });
    expect(answer).toEqual({ valid: true, code: 'Spring20', percentOff: 20, amountOff: null, duration: 'once', durationInMonths: null });
  });

  it('when a code is unknown, expired or used up, then check refuses it with a stable code and message', async () => {
    const caller = callerOf('checker');
    await expect(h.bus.request(BILLING_RPC.checkCoupon, { caller, body: { code: 'NOPE' } })).rejects.toMatchObject({ code: 'COUPON_INVALID', message: 'This code is not valid.' });
    await expect(h.bus.request(BILLING_RPC.checkCoupon, { caller, body: { code: 'gone' } })).rejects.toMatchObject({ code: 'COUPON_EXPIRED', message: 'This code has expired.' });
    await h.bus.request(BILLING_RPC.checkout, { caller: callerOf('first-of-one'), body: { planCode: 'PM', card: CARD_OK, promotionCode: 'ONLY1' } });
    await expect(h.bus.request(BILLING_RPC.checkCoupon, { caller, body: { code: 'ONLY1' } })).rejects.toMatchObject({ code: 'COUPON_USED_UP' });
    await expect(h.bus.request(BILLING_RPC.checkout, { caller: callerOf('second-of-one'), body: { planCode: 'PM', card: CARD_OK, promotionCode: 'ONLY1' } })).rejects.toMatchObject({
      code: 'COUPON_USED_UP',
    });
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller: callerOf('second-of-one') })).status).toBe('none');
  });

  it('when an operator creates a code that exists in another case, then it is refused with COUPON_EXISTS', async () => {
    await expect(
      h.bus.request(BILLING_RPC.createCoupon, { code: 'SPRING20', percentOff: 5, amountOff: null, duration: 'once', durationInMonths: null, redeemBy: inOneYear(), maxRedemptions: null }),
    ).rejects.toMatchObject({ code: 'COUPON_EXISTS' });
  });

  it('when checkout takes a once coupon, then the first invoice after the trial is discounted and the renewal is not', async () => {
    const caller = callerOf('discounted');
    const started = await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', card: CARD_OK, promotionCode: 'SPRING20' } });
    expect(started.subscription).toMatchObject({ status: 'trialing', discount: { code: 'Spring20', percentOff: 20 }, nextCharge: { amount: 2_320 } });
    h.advance(7 * DAY_MS + 60_000);
    await h.billing.settleNow();
    expect((await h.bus.request(BILLING_RPC.listInvoices, { caller })).items.map((i) => i.amount)).toEqual([2_320]);
    const after = await h.bus.request(BILLING_RPC.getSubscription, { caller });
    expect(after).toMatchObject({ status: 'active', discount: null, nextCharge: { amount: 2_900 } });
    h.advance(31 * DAY_MS);
    await h.billing.settleNow();
    expect((await h.bus.request(BILLING_RPC.listInvoices, { caller })).items.map((i) => i.amount)).toEqual([2_900, 2_320]);
  });

  it('when checkout takes a forever amount-off coupon, then every charge is discounted', async () => {
    const caller = callerOf('forever');
    await h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', card: CARD_OK, promotionCode: 'five' } });
    h.advance(7 * DAY_MS + 60_000);
    await h.billing.settleNow();
    h.advance(31 * DAY_MS);
    await h.billing.settleNow();
    expect((await h.bus.request(BILLING_RPC.listInvoices, { caller })).items.map((i) => i.amount)).toEqual([2_400, 2_400]);
    expect(await h.bus.request(BILLING_RPC.getSubscription, { caller })).toMatchObject({ discount: { code: 'FIVE', amountOff: 500, duration: 'forever' } });
  });

  it('when checkout takes an unknown or expired promotion code, then no subscription starts', async () => {
    const caller = callerOf('bad-code');
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', card: CARD_OK, promotionCode: 'NOPE' } })).rejects.toMatchObject({ code: 'COUPON_INVALID' });
    await expect(h.bus.request(BILLING_RPC.checkout, { caller, body: { planCode: 'PRM', card: CARD_OK, promotionCode: 'GONE' } })).rejects.toMatchObject({ code: 'COUPON_EXPIRED' });
    expect((await h.bus.request(BILLING_RPC.getSubscription, { caller })).status).toBe('none');
    expect(await h.changes('bad-code')).toEqual([]);
  });
});
