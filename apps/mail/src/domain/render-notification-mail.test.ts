import { describe, expect, it } from 'vitest';
import { sampleNotification } from '../../test/support/sample-notification';
import { notificationLink, renderNotificationMail } from './render-notification-mail';

const publicUrl = 'https://ferry.example';
const notification = sampleNotification();

describe('renderNotificationMail', () => {
  it('when built, then a download links to the transfer and a request upload to the request', () => {
    expect(notificationLink(publicUrl, notification)).toBe('https://ferry.example/dash/transfers/Ab3dE5f');
    expect(notificationLink(publicUrl, { dlOrigin: 'request', slug: 'a/b' })).toBe('https://ferry.example/dash/requests/a%2Fb');
  });

  it('when a receiver downloads in a known city, then the mail names the receiver, file, city, country and date', () => {
    const { kind, mail } = renderNotificationMail({ lang: 'en', notification }, { publicUrl });
    expect(kind).toBe('downloaded');
    expect(mail.subject).toBe('bo@client.example downloaded report.pdf from Dubai');
    expect(mail.text).toContain('Country: United Arab Emirates');
    expect(mail.text).toContain('Date: 24 November 2026 at 08:05 UTC');
    expect(mail.html).toContain('href="https://ferry.example/dash/transfers/Ab3dE5f"');
  });

  it('when the city or the whole place is unknown, then the country or "an unknown place" stands in', () => {
    const noCity = renderNotificationMail({ lang: 'en', notification: { ...notification, receiverEmail: null, dlCity: 'unknown' } }, { publicUrl });
    expect(noCity.mail.subject).toBe('Someone downloaded report.pdf from United Arab Emirates');
    const nowhere = { ...notification, dlCity: 'unknown', dlCountry: 'unknown', dlCountryCode: 'unknown' };
    const unknown = renderNotificationMail({ lang: 'en', notification: nowhere }, { publicUrl });
    expect(unknown.mail.subject).toBe('bo@client.example downloaded report.pdf from an unknown place');
    expect(unknown.mail.text).toContain('Country: unknown');
    expect(renderNotificationMail({ lang: 'zh', notification: { ...nowhere, receiverEmail: null } }, { publicUrl }).mail.subject).toBe(
      '有人从未知地点下载了 report.pdf',
    );
  });

  it('when the language is Chinese, then the download mail is Chinese', () => {
    const { mail } = renderNotificationMail({ lang: 'zh', notification }, { publicUrl });
    expect(mail.subject).toBe('bo@client.example 从 Dubai 下载了 report.pdf');
    expect(mail.text).toContain('国家/地区：United Arab Emirates');
    expect(mail.text).toContain('2026年11月24日');
    expect(mail.html).toContain('查看传输');
  });

  it('when files arrive through a request, then the request mail names the uploader and links to the request', () => {
    const upload = { ...notification, dlOrigin: 'request' as const, receiverEmail: 'li@supplier.example', fileName: 'a.pdf (+1)' };
    const en = renderNotificationMail({ lang: 'en', notification: upload }, { publicUrl });
    expect(en.kind).toBe('request-uploaded');
    expect(en.mail.subject).toBe('li@supplier.example sent a.pdf (+1) to your request');
    expect(en.mail.text).toContain('https://ferry.example/dash/requests/Ab3dE5f');
    const zh = renderNotificationMail({ lang: 'zh', notification: { ...upload, receiverEmail: null } }, { publicUrl });
    expect(zh.mail.subject).toBe('有人向您的文件请求发送了 a.pdf (+1)');
  });
});
