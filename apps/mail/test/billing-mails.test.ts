import { randomUUID } from 'node:crypto';
import { INVOICE_PAID, INVOICE_PAYMENT_FAILED, SUBSCRIPTION_CANCELED, SUBSCRIPTION_TRIAL_ENDING, type EventDef } from '@ferry/contracts';
import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startMailHarness, type MailHarness } from './support/mail-harness';

const BILLING_TAB = `${PUBLIC_URL}/dash/account/billing`;
const DAY_MS = 86_400_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** 1 March and 1 April 2027, UTC. */
const PERIOD = { periodStart: Date.UTC(2027, 2, 1, 9), periodEnd: Date.UTC(2027, 3, 1, 9) };
const invoice = (lang: 'en' | 'zh', email: string) => ({ adminId: 'a1', email, lang, planCode: 'PRM' as const, invoiceNumber: 'FERRY-000042', amount: 2_900, currency: 'usd', ...PERIOD });

describe('billing mails', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_billing', smtpUrl: smtp.url, duplicateWindowMs: 0 });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  /** Publishes the event twice (a redelivery) and returns the one mail it gave. */
  async function onceFor<T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>) {
    const payload = { eventId: randomUUID(), ...input } as T;
    await harness.bus.publishEvent(event.subject, payload.eventId, payload, {});
    const [mail] = await smtp.waitForMessages(1);
    await harness.waitUntilHandled(payload.eventId);
    await harness.bus.publishEvent(event.subject, payload.eventId, payload, {});
    await pause(300);
    expect(smtp.messages, 'one mail per event').toHaveLength(1);
    return mail!;
  }

  it('when a charge fails, then the admin gets one mail with the link to fix the card, in English', async () => {
    const mail = await onceFor(INVOICE_PAYMENT_FAILED, invoice('en', 'dana@acme.example'));
    expect(mail.to).toMatchObject({ text: 'dana@acme.example' });
    expect(mail.subject).toBe('Your Ferry payment failed');
    expect(mail.text).toContain('We could not charge your card $29.00 for Ferry Pro monthly (invoice FERRY-000042, 1 March 2027 – 1 April 2027).');
    expect(mail.text).toContain(BILLING_TAB);
    expect(mail.html).toContain(`href="${BILLING_TAB}"`);
    expect(mail.html).toContain('Update your card');
  });

  it('when a charge fails, then the Chinese mail arrives once', async () => {
    const mail = await onceFor(INVOICE_PAYMENT_FAILED, invoice('zh', 'chen@example.cn'));
    expect(mail.subject).toBe('您的 Ferry 付款失败');
    expect(mail.text).toContain('我们未能从您的银行卡扣款 US$29.00，用于 Ferry 专业版（月付）（账单 FERRY-000042，2027年3月1日 – 2027年4月1日）。');
    expect(mail.html).toContain(`href="${BILLING_TAB}"`);
  });

  it('when a charge is paid, then the receipt names the invoice, plan, period and amount, in English and in Chinese', async () => {
    const en = await onceFor(INVOICE_PAID, invoice('en', 'dana@acme.example'));
    expect(en.subject).toBe('Your Ferry receipt FERRY-000042');
    for (const line of ['Invoice: FERRY-000042', 'Plan: Ferry Pro monthly', 'Period: 1 March 2027 – 1 April 2027', 'Amount paid: $29.00', BILLING_TAB]) expect(en.text).toContain(line);
    smtp.messages.length = 0;
    const zh = await onceFor(INVOICE_PAID, invoice('zh', 'chen@example.cn'));
    expect(zh.subject).toBe('您的 Ferry 付款收据 FERRY-000042');
    for (const line of ['账单编号：FERRY-000042', '套餐：Ferry 专业版（月付）', '支付金额：US$29.00', BILLING_TAB]) expect(zh.text).toContain(line);
  });

  it('when a trial ends in 2 days, then the mail says when and what will be charged, in English and in Chinese', async () => {
    const trialEnd = Date.now() + 2 * DAY_MS;
    const day = (lang: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(trialEnd));
    const en = await onceFor(SUBSCRIPTION_TRIAL_ENDING, { adminId: 'a2', email: 'dana@acme.example', lang: 'en', planCode: 'BY', trialEnd, amount: 69_600, currency: 'usd' });
    expect(en.subject).toBe('Your Ferry trial ends in 2 days');
    expect(en.text).toContain(`Your free trial of Ferry Business yearly ends on ${day('en-GB')}. Then your card is charged $696.00`);
    expect(en.text).toContain(BILLING_TAB);
    smtp.messages.length = 0;
    const zh = await onceFor(SUBSCRIPTION_TRIAL_ENDING, { adminId: 'a2', email: 'chen@example.cn', lang: 'zh', planCode: 'BY', trialEnd, amount: 69_600, currency: 'usd' });
    expect(zh.subject).toBe('您的 Ferry 试用将在 2 天后结束');
    expect(zh.text).toContain(`您的 Ferry 商务版（年付）免费试用将于 ${day('zh-CN')} 结束。届时将从您的银行卡扣款 US$696.00`);
  });

  it('when the trial has already ended by the time the event arrives, then no trial-ending mail goes out', async () => {
    const payload = { eventId: randomUUID(), adminId: 'a3', email: 'late@acme.example', lang: 'en' as const, planCode: 'PM' as const, trialEnd: Date.now() - 60_000, amount: 1_200, currency: 'usd' };
    await harness.bus.publishEvent(SUBSCRIPTION_TRIAL_ENDING.subject, payload.eventId, payload, {});
    await harness.waitUntilHandled(payload.eventId);
    expect(smtp.messages).toHaveLength(0);
  });

  it('when a subscription has ended, then the admin is told once, in English and in Chinese, with a link to choose a plan', async () => {
    const endedAt = Date.UTC(2027, 3, 1, 9);
    const en = await onceFor(SUBSCRIPTION_CANCELED, { adminId: 'a4', email: 'dana@acme.example', lang: 'en', planCode: 'PY', endedAt });
    expect(en.subject).toBe('Your Ferry subscription has ended');
    expect(en.text).toContain('As you asked, your Ferry Personal yearly subscription ended on 1 April 2027. You will not be charged again.');
    expect(en.text).toContain(`${PUBLIC_URL}/dash/account/1`);
    smtp.messages.length = 0;
    const zh = await onceFor(SUBSCRIPTION_CANCELED, { adminId: 'a4', email: 'chen@example.cn', lang: 'zh', planCode: 'PY', endedAt });
    expect(zh.subject).toBe('您的 Ferry 订阅已结束');
    expect(zh.text).toContain('按照您的要求，您的 Ferry 个人版（年付）订阅已于 2027年4月1日 结束，今后不会再扣款。');
  });
});
