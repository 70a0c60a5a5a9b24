import { describe, expect, it } from 'vitest';
import { renderMail } from '../domain/render-mail';
import { expiryReminderTemplate } from './expiry-reminder.template';

const publicUrl = 'https://ferry.example';
const vars = { sender: 'Ada Lovelace', fileCount: 3, fileNames: ['plans.pdf', 'site.jpg'], expiry: '2 December 2026 at 12:00 UTC', link: 'https://ferry.example/downloads/Ab3dE5f/tok123' };

describe('the reminder a day before expiry', () => {
  it('when rendered in English, then it names the sender, the files, the end and the recipient\'s own link', () => {
    const mail = renderMail(expiryReminderTemplate.en(vars), { lang: 'en', publicUrl });
    expect(mail.subject).toBe('Reminder: the 3 files from Ada Lovelace expire tomorrow');
    expect(mail.text).toContain('plans.pdf, site.jpg and 1 more');
    expect(mail.text).toContain('The link works until 2 December 2026 at 12:00 UTC.');
    expect(mail.html).toContain('href="https://ferry.example/downloads/Ab3dE5f/tok123"');
  });

  it('when rendered in Chinese, then it is Chinese', () => {
    const mail = renderMail(expiryReminderTemplate.zh({ ...vars, fileCount: 1, fileNames: ['plans.pdf'] }), { lang: 'zh', publicUrl });
    expect(mail.subject).toBe('提醒：Ada Lovelace 发送给您的文件将于明天过期');
    expect(mail.text).toContain('您还没有下载这些文件。');
    expect(mail.text).toContain('https://ferry.example/downloads/Ab3dE5f/tok123');
  });
});
