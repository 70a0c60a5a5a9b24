import { describe, expect, it } from 'vitest';
import { dataExportLink, renderAccountDeletionMail, renderDataExportMail } from './render-account-lifecycle-mails';
import { renderEmailCodeMail } from './render-email-code-mail';

const publicUrl = 'https://ferry.example';

describe('account lifecycle mails', () => {
  it('when a deletion is scheduled, then the mail gives the date and says a login cancels it, in English and Chinese', () => {
    const event = { email: 'ana@example.com', deletionDueAt: '2026-12-10T09:00:00.000Z' };
    const en = renderAccountDeletionMail({ ...event, lang: 'en' }, { publicUrl });
    expect(en.subject).toBe('Your Ferry account will be deleted');
    expect(en.text).toContain('On 10 December 2026 your account');
    expect(en.text).toContain('Log in before then and the deletion is canceled.');
    expect(en.html).toContain('href="https://ferry.example/login?user=ana%40example.com"');
    const zh = renderAccountDeletionMail({ ...event, lang: 'zh' }, { publicUrl });
    expect(zh.subject).toBe('您的 Ferry 账户将被删除');
    expect(zh.text).toContain('2026年12月10日');
    expect(zh.text).toContain('登录即可取消删除');
  });

  it('when an export is ready, then the mail links to it for 7 days, in English and Chinese', () => {
    const exportId = '6f1c3f5e-0b7a-4f57-9d53-3c0b3b7a1f10';
    const link = dataExportLink(publicUrl, exportId, 'tok_en-1');
    expect(link).toBe(`https://ferry.example/api/v1/exports/${exportId}/tok_en-1`);
    const en = renderDataExportMail({ exportId, token: 'tok_en-1', lang: 'en' }, { publicUrl });
    expect(en.subject).toBe('Your Ferry data export is ready');
    expect(en.text).toContain(link);
    expect(en.text).toContain('The link works for 7 days.');
    const zh = renderDataExportMail({ exportId, token: 'tok_en-1', lang: 'zh' }, { publicUrl });
    expect(zh.subject).toBe('您的 Ferry 数据导出已就绪');
    expect(zh.html).toContain(`href="${link}"`);
  });

  it('when a code is for an email change, then the mail says so', () => {
    const mail = renderEmailCodeMail({ code: '12345', purpose: 'change-email', lang: 'en' }, { publicUrl });
    expect(mail.subject).toBe('Your Ferry code to change your email');
    expect(renderEmailCodeMail({ code: '12345', purpose: 'change-email', lang: 'zh' }, { publicUrl }).subject).toBe('您的 Ferry 验证码：更改账户邮箱');
  });
});
