import { waitFor, type SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, type ErrorBody } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const CARD_OK = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/** Billing through the gateway with the local provider: checkout -> trial -> identity applies the plan. */
describe('billing through the gateway', () => {
  let running: TestFerry;
  let api: string;
  let inbox: SmtpInbox;
  let db: Knex;

  beforeAll(async () => {
    running = await startTestFerry('billing');
    ({ api, inbox, db } = running);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  const userRow = (id: string) => db('identity.users').where({ id }).first<{ role: string; status: string }>('role', 'status');

  it('a paid plan chosen at signup starts unpaid; checkout with a good card starts the trial and identity applies it', async () => {
    const { accessToken, user } = await signUpThroughGateway(api, inbox, { email: 'buyer@example.com', plan: 'PRY', fullName: 'Bu Yer', subscribe: false });
    const buyer = gatewayClient(api, accessToken);
    expect(await userRow(user.id)).toMatchObject({ role: 'PRY', status: 'unpaid' });
    expect((await buyer.call('GET', '/billing/subscription')).body).toMatchObject({ planCode: 'Free', status: 'none', provider: 'local' });

    const declined = await buyer.call('POST', '/billing/checkout', { planCode: 'PRY', card: { ...CARD_OK, number: '4000 0000 0000 0002' } });
    expect(declined.status).toBe(402);
    expect((declined.body as ErrorBody).error).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    expect(await userRow(user.id)).toMatchObject({ status: 'unpaid' });

    const started = await buyer.call('POST', '/billing/checkout', { planCode: 'PRY', card: CARD_OK });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ subscription: { planCode: 'PRY', status: 'trialing', trialDaysLeft: 7, card: { last4: '4242' } }, clientSecret: null });
    await waitFor('identity to apply the trial', async () => (await userRow(user.id))?.status === 'trialing', 10_000);
    // The access token of before the change is over; a refresh carries the plan.
    await waitFor('the old token to be refused', async () => (await buyer.call('GET', '/billing/subscription')).status === 401, 10_000);
  });

  it('refuses bad input with the contract errors', async () => {
    const { accessToken } = await signUpThroughGateway(api, inbox, { email: 'picky@example.com', plan: 'PRM', subscribe: false });
    const picky = gatewayClient(api, accessToken);
    const unknownPlan = await picky.call('POST', '/billing/checkout', { planCode: 'GOLD', card: CARD_OK });
    expect(unknownPlan.status).toBe(400);
    expect((unknownPlan.body as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    const noCard = await picky.call('POST', '/billing/checkout', { planCode: 'PRM' });
    expect(noCard.status).toBe(400);
    expect((noCard.body as ErrorBody).error).toMatchObject({ code: 'CARD_INVALID', message: 'Add a card to start your 7-day trial.' });
    const cancelNothing = await picky.call('POST', '/billing/cancel', {});
    expect(cancelNothing.status).toBe(404);
    expect((cancelNothing.body as ErrorBody).error.code).toBe('NO_SUBSCRIPTION');
    expect((await gatewayClient(api).call('GET', '/billing/subscription')).status).toBe(401);
  });
});
