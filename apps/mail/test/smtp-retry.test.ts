import { startSmtpInbox, type SmtpInbox, waitFor } from '@ferry/testing';
import { EMAIL_CODE_REQUESTED, PASSWORD_RESET_REQUESTED } from '@ferry/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { findSentMails } from '../src/store/sent-mail.store';
import { startMailHarness, type MailHarness } from './support/mail-harness';

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

describe('SMTP refusals', () => {
  let smtp: SmtpInbox | undefined;
  let harness: MailHarness | undefined;

  afterEach(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('when SMTP refuses the first two attempts, then the handler retries and exactly one mail arrives', async () => {
    smtp = await startSmtpInbox({ rejectFirst: 2 });
    harness = await startMailHarness({ prefix: 'mail_retry', smtpUrl: smtp.url });

    const event = await harness.publish(EMAIL_CODE_REQUESTED, {
      email: 'retry@acme.example',
      purpose: 'send',
      code: '64028',
      lang: 'en',
      expiresAt: inTenMinutes(),
    });
    const [mail] = await smtp.waitForMessages(1);
    await harness.waitUntilHandled(event.eventId);

    expect(mail?.messageId).toBe(`<${event.eventId}@ferry.mail>`);
    expect(smtp.offered()).toBe(3);
    const failures = harness.memory.lines.filter((line) => line['msg'] === 'smtp send failed');
    expect(failures.map((line) => line['attempt'])).toEqual([1, 2]);
    expect(harness.memory.lines.some((line) => line['msg'] === 'handler failed; will retry')).toBe(false);
    expect(await findSentMails(harness.db)).toHaveLength(1);
  });

  it('when SMTP refuses every attempt of the first delivery, then the bus redelivers and exactly one mail arrives', async () => {
    smtp = await startSmtpInbox({ rejectFirst: 3 });
    harness = await startMailHarness({ prefix: 'mail_retry_bus', smtpUrl: smtp.url });

    const event = await harness.publish(PASSWORD_RESET_REQUESTED, {
      userId: 'u1',
      email: 'again@acme.example',
      fullName: null,
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
      lang: 'en',
      expiresAt: inTenMinutes(),
    });
    await smtp.waitForMessages(1);
    await harness.waitUntilHandled(event.eventId);

    expect(smtp.offered()).toBe(4);
    expect(smtp.messages).toHaveLength(1);
    expect(harness.memory.lines.filter((line) => line['msg'] === 'handler failed; will retry')).toHaveLength(1);
    expect(await findSentMails(harness.db)).toEqual([expect.objectContaining({ eventId: event.eventId, kind: 'password-reset' })]);
  });

  it('when SMTP answers with a permanent refusal, then the handler does not retry at once and leaves it to the bus', async () => {
    smtp = await startSmtpInbox({ rejectFirst: 1, rejectCode: 550 });
    harness = await startMailHarness({ prefix: 'mail_retry_perm', smtpUrl: smtp.url });

    await harness.publish(EMAIL_CODE_REQUESTED, {
      email: 'perm@acme.example',
      purpose: 'register',
      code: '30967',
      lang: 'en',
      expiresAt: inTenMinutes(),
    });
    await waitFor('the failed delivery', () =>
      harness?.memory.lines.some((line) => line['msg'] === 'handler failed; will retry'),
    );

    const failures = harness.memory.lines.filter((line) => line['msg'] === 'smtp send failed');
    expect(failures).toEqual([expect.objectContaining({ attempt: 1, willRetry: false, smtp: expect.objectContaining({ responseCode: 550 }) })]);
    await smtp.waitForMessages(1);
    expect(smtp.offered()).toBe(2);
  });
});
