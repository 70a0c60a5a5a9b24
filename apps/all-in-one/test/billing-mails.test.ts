import type { SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const DAY = 86_400_000;
/** Added fine, every charge fails (Stripe's 4000 0000 0000 0341). */
const CARD_FAILS_LATER = { number: '4000 0000 0000 0341', expMonth: 12, expYear: 2040, cvc: '123' };

/** `npm start` with FERRY_TEST_CLOCK=1 and a real SMTP inbox: billing's timer and mail end to end. */
describe('billing mails through the all-in-one', () => {
  let running: TestFerry;
  let api: string;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    running = await startTestFerry('billing_mails', { FERRY_TEST_CLOCK: '1' });
    ({ api, inbox } = running);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  it('when a trial with a card whose charges fail nears its end and then ends, then the admin gets the trial-ending mail and then the payment-failed mail with the link to the billing tab, in the language of checkout', async () => {
    const email = 'late-payer@example.com';
    const { accessToken } = await signUpThroughGateway(api, inbox, { email, plan: 'PRM', subscribe: false });
    const checkout = await gatewayClient(api, accessToken).call('POST', '/billing/checkout', { planCode: 'PRM', card: CARD_FAILS_LATER, lang: 'zh' });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ subscription: { status: 'trialing', trialDaysLeft: 7 } });
    const clock = gatewayClient(api);
    const billingTab = `${new URL(api).origin}/dash/account/billing`;

    expect((await clock.call('POST', '/test-clock', { advanceMs: 5 * DAY + 60_000 })).status).toBe(200);
    const [, ending] = await inbox.waitForMailsTo(email, 2, 20_000);
    expect(ending?.subject).toBe('您的 Ferry 试用将在 2 天后结束');
    expect(ending?.text).toContain('US$29.00');

    expect((await clock.call('POST', '/test-clock', { advanceMs: 3 * DAY })).status).toBe(200);
    const [, , failed] = await inbox.waitForMailsTo(email, 3, 20_000);
    expect(failed?.subject).toBe('您的 Ferry 付款失败');
    expect(failed?.text).toContain(billingTab);
    expect(failed?.html).toContain(`href="${billingTab}"`);

    // Billing settles every second under the test clock: neither mail comes again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(inbox.mailsTo(email)).toHaveLength(3);
  }, 90_000);
});
