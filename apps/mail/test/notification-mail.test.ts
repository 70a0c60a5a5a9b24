import { NOTIFICATION_CREATED } from '@ferry/contracts';
import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findSentMails } from '../src/store/sent-mail.store';
import { PUBLIC_URL, startMailHarness, type MailHarness } from './support/mail-harness';
import { sampleNotification as notification } from './support/sample-notification';

describe('notification mails', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    // Each download mailed at once, so its mail can be read alone (download-digest-*.test.ts collect them).
    harness = await startMailHarness({ prefix: 'mail_notification', smtpUrl: smtp.url, env: { DOWNLOAD_MAIL_WINDOW_SECONDS: '0' } });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it('when a transfer is downloaded, then the sender gets the downloaded mail with city, country, date and a link to the transfer', async () => {
    await harness.publish(NOTIFICATION_CREATED, { userId: 'u1', email: 'ada@acme.example', lang: 'en', notification: notification() });

    const [mail] = await smtp.waitForMessages(1);
    const link = `${PUBLIC_URL}/dash/transfers/Ab3dE5f`;
    expect(mail?.to).toMatchObject({ text: 'ada@acme.example' });
    expect(mail?.subject).toBe('bo@client.example downloaded report.pdf from Dubai');
    expect(mail?.text).toContain('Country: United Arab Emirates');
    expect(mail?.text).toContain('24 November 2026');
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
  });

  it('when the sender reads Chinese, then the Chinese mail arrives', async () => {
    await harness.publish(NOTIFICATION_CREATED, {
      userId: null,
      email: 'zhao@example.cn',
      lang: 'zh',
      notification: notification({ receiverEmail: null, dlCity: 'unknown', dlCountry: 'China', dlCountryCode: 'CN' }),
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.subject).toBe('有人从 China 下载了 report.pdf');
    expect(mail?.text).toContain('国家/地区：China');
    expect(mail?.html).toContain('查看传输');
  });

  it('when files arrive through a request, then the requester gets the request mail with a link to the request', async () => {
    await harness.publish(NOTIFICATION_CREATED, {
      userId: 'u1',
      email: 'ada@acme.example',
      lang: 'en',
      notification: notification({ dlOrigin: 'request', slug: 'Rq7xY2z', receiverEmail: 'li@supplier.example', fileName: 'invoice.pdf' }),
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.subject).toBe('li@supplier.example sent invoice.pdf to your request');
    expect(mail?.text).toContain(`${PUBLIC_URL}/dash/requests/Rq7xY2z`);
  });

  it('when the file name holds markup, then the HTML part shows it escaped', async () => {
    await harness.publish(NOTIFICATION_CREATED, {
      userId: 'u1',
      email: 'ada@acme.example',
      lang: 'en',
      notification: notification({ fileName: '<img src=x onerror=alert(1)>.pdf', receiverEmail: '"><script>x</script>' }),
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;.pdf');
    expect(mail?.html).toContain('&quot;&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(mail?.html).not.toMatch(/<img|<script/);
  });

  it('when nobody can be mailed, then nothing is sent and the event is handled', async () => {
    const event = await harness.publish(NOTIFICATION_CREATED, { userId: 'u1', email: null, lang: 'en', notification: notification() });
    await harness.waitUntilHandled(event.eventId);

    expect(smtp.messages).toHaveLength(0);
    expect((await findSentMails(harness.db)).map((row) => row.eventId)).not.toContain(event.eventId);
  });

  it('when the same event is published twice, then one mail goes out', async () => {
    const event = await harness.publish(NOTIFICATION_CREATED, { userId: 'u1', email: 'once@acme.example', lang: 'en', notification: notification() });
    await harness.waitUntilHandled(event.eventId);
    await harness.bus.publishEvent(NOTIFICATION_CREATED.subject, event.eventId, event, {});
    await harness.bus.drain();

    expect(smtp.messages).toHaveLength(1);
    expect(await findSentMails(harness.db, { recipient: 'once@acme.example' })).toEqual([expect.objectContaining({ kind: 'downloaded' })]);
  });
});
