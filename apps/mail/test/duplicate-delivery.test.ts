import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { randomUUID } from 'node:crypto';
import { EMAIL_CODE_REQUESTED, type TEmailCodeRequested } from '@ferry/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { findSentMails } from '../src/store/sent-mail.store';
import { startMailHarness, type MailHarness } from './support/mail-harness';

function codeEvent(email: string): TEmailCodeRequested {
  return {
    eventId: randomUUID(),
    email,
    purpose: 'register',
    code: '52086',
    lang: 'en',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one mail per event', () => {
  let smtp: SmtpInbox | undefined;
  let harness: MailHarness | undefined;

  afterEach(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('when the same event is delivered again after its mail went out, then exactly one mail is sent', async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_dup', smtpUrl: smtp.url, duplicateWindowMs: 0 });
    const event = codeEvent('once@acme.example');

    await harness.bus.publishEvent(EMAIL_CODE_REQUESTED.subject, event.eventId, event, {});
    await smtp.waitForMessages(1);
    await harness.waitUntilHandled(event.eventId);
    await pause(5);
    await harness.bus.publishEvent(EMAIL_CODE_REQUESTED.subject, event.eventId, event, {});
    await harness.bus.drain();

    expect(smtp.messages).toHaveLength(1);
    expect(smtp.offered()).toBe(1);
    expect(await findSentMails(harness.db)).toHaveLength(1);
  });

  it('when two deliveries of one event run at the same time, then exactly one mail is sent', async () => {
    smtp = await startSmtpInbox({ delayMs: 300 });
    harness = await startMailHarness({ prefix: 'mail_dup_race', smtpUrl: smtp.url, duplicateWindowMs: 0 });
    const event = codeEvent('race@acme.example');

    await harness.bus.publishEvent(EMAIL_CODE_REQUESTED.subject, event.eventId, event, {});
    await pause(20);
    await harness.bus.publishEvent(EMAIL_CODE_REQUESTED.subject, event.eventId, event, {});
    await smtp.waitForMessages(1);
    await harness.bus.drain();

    expect(smtp.messages).toHaveLength(1);
    expect(smtp.offered()).toBe(1);
  });

  it('when the inbox has forgotten an event whose mail was recorded, then the mail is not sent again', async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_dup_record', smtpUrl: smtp.url, duplicateWindowMs: 0 });
    const event = codeEvent('recorded@acme.example');

    await harness.bus.publishEvent(EMAIL_CODE_REQUESTED.subject, event.eventId, event, {});
    await harness.waitUntilHandled(event.eventId);
    await harness.db('inbox').where({ event_id: event.eventId }).delete();
    await pause(5);
    await harness.bus.publishEvent(EMAIL_CODE_REQUESTED.subject, event.eventId, event, {});
    await harness.waitUntilHandled(event.eventId);

    expect(smtp.messages).toHaveLength(1);
    expect(harness.memory.lines.some((line) => line['msg'] === 'mail already sent for this event')).toBe(true);
  });
});
