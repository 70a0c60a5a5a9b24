import { randomUUID } from 'node:crypto';
import { waitFor, type SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, TEST_CARD, type ErrorBody } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

/** The promotion code field and the lifetime-deal page's routes through the gateway (local provider). */
describe('coupons and lifetime-deal codes through the gateway', () => {
  let running: TestFerry;
  let api: string;
  let inbox: SmtpInbox;
  let db: Knex;

  beforeAll(async () => {
    running = await startTestFerry('coupons');
    ({ api, inbox, db } = running);
    // As `ferry-admin coupons create` and `lifetime-codes create` leave them (those commands have their own test).
    const inAYear = Math.floor(Date.now() / 1000) + 365 * 86_400;
    const coupon = { percent_off: null, amount_off: null, duration: 'once', duration_in_months: null, max_redemptions: null, times_redeemed: 0, created_at: new Date() };
    await db('billing.coupons').insert([
      { ...coupon, id: randomUUID(), code: 'WELCOME20', percent_off: 20, redeem_by: inAYear },
      { ...coupon, id: randomUUID(), code: 'OLD10', percent_off: 10, redeem_by: Math.floor(Date.now() / 1000) - 60 },
    ]);
    await db('billing.lifetime_codes').insert([{ code: 'LTD-TEST-AAAA-2222', created_at: new Date() }]);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  const userRow = (id: string) => db('identity.users').where({ id }).first<{ role: string; status: string }>('role', 'status');

  it('when a signed-in user checks a promotion code, then a valid one answers its discount and others a stable 4xx', async () => {
    const { accessToken } = await signUpThroughGateway(api, inbox, { email: 'saver@example.com', plan: 'PRM', subscribe: false });
    const saver = gatewayClient(api, accessToken);
    const valid = await saver.call('POST', '/billing/coupons/check', { code: 'welcome20' });
    expect(valid).toMatchObject({ status: 200, body: { valid: true, code: 'WELCOME20', percentOff: 20, amountOff: null, duration: 'once' } });
    const expired = await saver.call('POST', '/billing/coupons/check', { code: 'OLD10' });
    expect(expired.status).toBe(400);
    expect((expired.body as ErrorBody).error).toMatchObject({ code: 'COUPON_EXPIRED', message: 'This code has expired.' });
    const unknown = await saver.call('POST', '/billing/coupons/check', { code: 'NOPE' });
    expect((unknown.body as ErrorBody).error).toMatchObject({ code: 'COUPON_INVALID', message: 'This code is not valid.' });
    const malformed = await saver.call('POST', '/billing/coupons/check', { code: 'A B', extra: 1 });
    expect((malformed.body as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    expect((await gatewayClient(api).call('POST', '/billing/coupons/check', { code: 'WELCOME20' })).status).toBe(401);

    const checkout = await saver.call('POST', '/billing/checkout', { planCode: 'PRM', card: TEST_CARD, promotionCode: 'WELCOME20' });
    expect(checkout).toMatchObject({ status: 200, body: { subscription: { status: 'trialing', discount: { code: 'WELCOME20' }, nextCharge: { amount: 2_320 } } } });
  });

  it('when a Free user redeems a lifetime code, then the account has PRY active for life, and the code and the account are used once', async () => {
    const { accessToken, user } = await signUpThroughGateway(api, inbox, { email: 'sumo@example.com', plan: 'Free' });
    const sumo = gatewayClient(api, accessToken);
    const redeemed = await sumo.call('POST', '/billing/lifetime-codes/redeem', { code: 'ltd-test-aaaa-2222' });
    expect(redeemed).toMatchObject({ status: 200, body: { planCode: 'PRY', status: 'active', isSumo: true, nextCharge: null } });
    await waitFor('identity to apply the lifetime plan', async () => (await userRow(user.id))?.role === 'PRY', 10_000);
    expect(await userRow(user.id)).toMatchObject({ role: 'PRY', status: 'active' });

    const { accessToken: otherToken } = await signUpThroughGateway(api, inbox, { email: 'late@example.com', plan: 'Free' });
    const again = await gatewayClient(api, otherToken).call('POST', '/billing/lifetime-codes/redeem', { code: 'LTD-TEST-AAAA-2222' });
    expect(again.status).toBe(409);
    expect((again.body as ErrorBody).error.code).toBe('LIFETIME_CODE_USED');
    const unknown = await gatewayClient(api, otherToken).call('POST', '/billing/lifetime-codes/redeem', { code: 'LTD-NONE-NONE-NONE' });
    expect(unknown.status).toBe(400);
    expect((unknown.body as ErrorBody).error.code).toBe('LIFETIME_CODE_INVALID');
  });
});
