import { NOTIFICATION_CREATED } from '@ferry/contracts';
import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailHarness, type MailHarness } from './support/mail-harness';
import { SAMPLE_DOWNLOAD_AT, sampleNotification as notification } from './support/sample-notification';

describe('collected downloads and a restart', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_digest_restart', smtpUrl: smtp.url, startAt: SAMPLE_DOWNLOAD_AT });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('when the mail service restarts while downloads wait for their window, then the new one mails them once when it ends', async () => {
    for (const fileName of ['a.pdf', 'b.pdf']) {
      const event = await harness.publish(NOTIFICATION_CREATED, { userId: 'u1', email: 'ada@acme.example', lang: 'zh', notification: notification({ fileName }) });
      await harness.waitUntilHandled(event.eventId);
    }

    await harness.restart();
    expect(smtp.messages).toHaveLength(0);
    harness.advance(5 * 60_000);
    expect(await harness.sendDueDigests()).toBe(1);
    expect(await harness.sendDueDigests()).toBe(0);

    const [digest] = await smtp.waitForMailsTo('ada@acme.example', 1);
    expect(digest?.subject).toBe('您的文件被下载了 2 次');
    expect(digest?.text).toContain('bo@client.example 从 Dubai 下载了 a.pdf');
    expect(digest?.text).toContain('bo@client.example 从 Dubai 下载了 b.pdf');
    expect(smtp.messages).toHaveLength(1);
  });
});
