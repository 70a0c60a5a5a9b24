import { NOTIFICATION_CREATED } from '@ferry/contracts';
import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startMailHarness, type MailHarness } from './support/mail-harness';
import { SAMPLE_DOWNLOAD_AT, sampleNotification as notification } from './support/sample-notification';

const MINUTE = 60_000;

describe('downloads within a few minutes come in one mail', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_digest', smtpUrl: smtp.url, startAt: SAMPLE_DOWNLOAD_AT });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('when a transfer is downloaded 3 times within 5 minutes, then its sender gets one mail listing the 3 when the window ends, and another transfer its own', async () => {
    const downloads = [
      notification({ receiverEmail: 'bo@client.example', fileName: 'report.pdf', dlDate: '2026-11-24T08:05:00.000Z' }),
      notification({ receiverEmail: null, fileName: 'plans.zip', dlCity: 'unknown', dlCountry: 'Germany', dlCountryCode: 'DE', dlDate: '2026-11-24T08:06:00.000Z' }),
      notification({ receiverEmail: 'li@supplier.example', fileName: 'report.pdf', dlCity: 'Shanghai', dlCountry: 'China', dlCountryCode: 'CN', dlDate: '2026-11-24T08:08:00.000Z' }),
    ];
    for (const [index, download] of downloads.entries()) {
      const event = await harness.publish(NOTIFICATION_CREATED, { userId: 'u1', email: 'ada@acme.example', lang: 'en', notification: download });
      await harness.waitUntilHandled(event.eventId);
      if (index < downloads.length - 1) harness.advance(MINUTE);
    }
    const other = await harness.publish(NOTIFICATION_CREATED, { userId: 'u1', email: 'ada@acme.example', lang: 'en', notification: notification({ slug: 'Zz9yX8w', dlDate: harness.now().toISOString() }) });
    await harness.waitUntilHandled(other.eventId);

    expect(await harness.sendDueDigests()).toBe(0);
    expect(smtp.messages).toHaveLength(0);

    harness.advance(3 * MINUTE);
    expect(await harness.sendDueDigests()).toBe(1);
    const [digest] = await smtp.waitForMailsTo('ada@acme.example', 1);
    expect(digest?.subject).toBe('Your files were downloaded 3 times');
    expect(digest?.text).toContain('bo@client.example downloaded report.pdf from Dubai (country: United Arab Emirates) on 24 November 2026 at 08:05 UTC.');
    expect(digest?.text).toContain('Someone downloaded plans.zip from Germany (country: Germany) on 24 November 2026 at 08:06 UTC.');
    expect(digest?.text).toContain('li@supplier.example downloaded report.pdf from Shanghai (country: China) on 24 November 2026 at 08:08 UTC.');
    expect(digest?.text).toContain(`${PUBLIC_URL}/dash/transfers/Ab3dE5f`);

    harness.advance(2 * MINUTE);
    expect(await harness.sendDueDigests()).toBe(1);
    const mails = await smtp.waitForMailsTo('ada@acme.example', 2);
    expect(mails[1]?.subject).toBe('bo@client.example downloaded report.pdf from Dubai');
    expect(mails[1]?.text).toContain(`${PUBLIC_URL}/dash/transfers/Zz9yX8w`);
    expect(await harness.sendDueDigests()).toBe(0);
    expect(smtp.messages).toHaveLength(2);
  });

  it('when mail gets to a download 4 minutes late (the bus was slow), then the mail still goes 5 minutes after the download, not 5 minutes after mail saw it', async () => {
    harness.advance(10 * MINUTE);
    const downloadedAt = new Date(harness.now().getTime() - 4 * MINUTE).toISOString();
    const event = await harness.publish(NOTIFICATION_CREATED, {
      userId: 'u1',
      email: 'ines@lisbon-ports.example',
      lang: 'en',
      notification: notification({ slug: 'Lt4bUs1', fileName: 'late.pdf', dlDate: downloadedAt }),
    });
    await harness.waitUntilHandled(event.eventId);
    expect(await harness.sendDueDigests()).toBe(0);

    harness.advance(MINUTE);
    expect(await harness.sendDueDigests()).toBe(1);
    const [mail] = await smtp.waitForMailsTo('ines@lisbon-ports.example', 1);
    expect(mail?.subject).toBe('bo@client.example downloaded late.pdf from Dubai');
  });
});
