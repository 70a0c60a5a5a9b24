import { describe, expect, it } from 'vitest';
import { sampleNotification } from '../../test/support/sample-notification';
import { DIGEST_LISTED, renderDownloadDigestMail } from './render-download-digest-mail';

const publicUrl = 'https://ferry.example';

describe('renderDownloadDigestMail', () => {
  it('when a digest holds one download, then it reads as the downloaded mail', () => {
    const { kind, mail } = renderDownloadDigestMail({ lang: 'en', notifications: [sampleNotification()] }, { publicUrl });
    expect(kind).toBe('downloaded');
    expect(mail.subject).toBe('bo@client.example downloaded report.pdf from Dubai');
  });

  it('when a digest holds more downloads than a mail lists, then the first are listed and the rest counted', () => {
    const notifications = Array.from({ length: DIGEST_LISTED + 2 }, (_, index) => sampleNotification({ fileName: `file-${index}.pdf` }));
    const { mail } = renderDownloadDigestMail({ lang: 'en', notifications }, { publicUrl });
    expect(mail.subject).toBe(`Your files were downloaded ${DIGEST_LISTED + 2} times`);
    expect(mail.text).toContain(`file-${DIGEST_LISTED - 1}.pdf`);
    expect(mail.text).not.toContain(`file-${DIGEST_LISTED}.pdf`);
    expect(mail.text).toContain('And 2 more: the transfer page lists every download.');
  });

  it('when a file name holds markup, then the digest shows it escaped', () => {
    const notifications = [sampleNotification({ fileName: '<img src=x onerror=alert(1)>.pdf' }), sampleNotification()];
    const { mail } = renderDownloadDigestMail({ lang: 'zh', notifications }, { publicUrl });
    expect(mail.subject).toBe('您的文件被下载了 2 次');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;.pdf');
    expect(mail.html).not.toMatch(/<img/);
  });
});
