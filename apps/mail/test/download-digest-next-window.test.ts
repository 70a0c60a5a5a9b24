import { NOTIFICATION_CREATED } from '@ferry/contracts';
import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailHarness, type MailHarness } from './support/mail-harness';
import { SAMPLE_DOWNLOAD_AT, sampleNotification as notification } from './support/sample-notification';

const MINUTE = 60_000;

describe('a download after the digest went out', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_digest_next', smtpUrl: smtp.url, startAt: SAMPLE_DOWNLOAD_AT });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  const download = async (fileName: string) => {
    const event = await harness.publish(NOTIFICATION_CREATED, { userId: 'u1', email: 'ada@acme.example', lang: 'en', notification: notification({ fileName, dlDate: harness.now().toISOString() }) });
    await harness.waitUntilHandled(event.eventId);
  };

  it('when the transfer is downloaded again after its window, then a new window opens and its own mail follows when that one ends', async () => {
    await download('first.pdf');
    harness.advance(5 * MINUTE);
    expect(await harness.sendDueDigests()).toBe(1);
    const [first] = await smtp.waitForMailsTo('ada@acme.example', 1);
    expect(first?.subject).toBe('bo@client.example downloaded first.pdf from Dubai');

    harness.advance(MINUTE);
    await download('second.pdf');
    expect(await harness.sendDueDigests()).toBe(0);
    expect(smtp.messages).toHaveLength(1);

    harness.advance(5 * MINUTE);
    expect(await harness.sendDueDigests()).toBe(1);
    const mails = await smtp.waitForMailsTo('ada@acme.example', 2);
    expect(mails[1]?.subject).toBe('bo@client.example downloaded second.pdf from Dubai');
    expect(mails[1]?.text).not.toContain('first.pdf');
  });
});
