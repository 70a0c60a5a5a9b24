import { NOTIFICATION_CREATED } from '@ferry/contracts';
import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSentMails } from '../src/store/sent-mail.store';
import { startMailHarness, type MailHarness } from './support/mail-harness';
import { SAMPLE_DOWNLOAD_AT, sampleNotification as notification } from './support/sample-notification';

describe('a download delivered twice', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_digest_dup', smtpUrl: smtp.url, duplicateWindowMs: 0, startAt: SAMPLE_DOWNLOAD_AT });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('when the same download event arrives again, even after the inbox forgot it, then the digest lists it once and one mail goes out', async () => {
    const event = await harness.publish(NOTIFICATION_CREATED, { userId: 'u1', email: 'ada@acme.example', lang: 'en', notification: notification({ fileName: 'once.pdf' }) });
    await harness.waitUntilHandled(event.eventId);
    await harness.db('inbox').where({ event_id: event.eventId }).delete();
    await harness.bus.publishEvent(NOTIFICATION_CREATED.subject, event.eventId, event, {});
    await harness.waitUntilHandled(event.eventId);
    expect(smtp.messages).toHaveLength(0);

    harness.advance(5 * 60_000);
    await Promise.all([harness.sendDueDigests(), harness.sendDueDigests()]);

    const [mail] = await smtp.waitForMailsTo('ada@acme.example', 1);
    expect(mail?.subject).toBe('bo@client.example downloaded once.pdf from Dubai');
    expect(smtp.offered()).toBe(1);
    expect(await findSentMails(harness.db, { recipient: 'ada@acme.example' })).toEqual([expect.objectContaining({ kind: 'downloaded' })]);
  });
});
