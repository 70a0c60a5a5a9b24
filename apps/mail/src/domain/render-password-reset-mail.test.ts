import { describe, expect, it } from 'vitest';
import { passwordResetLink, renderPasswordResetMail } from './render-password-reset-mail';

const publicUrl = 'https://ferry.example';
const token = 'AbC_123-xyzXYZ0987654321';

describe('renderPasswordResetMail', () => {
  it('when built, then the link is PUBLIC_URL/updatepassword?t=token', () => {
    expect(passwordResetLink(publicUrl, token)).toBe(`https://ferry.example/updatepassword?t=${token}`);
  });

  it('when the user has a name in English, then it greets them and carries the link in both parts', () => {
    const mail = renderPasswordResetMail({ fullName: 'Ana', token, lang: 'en' }, { publicUrl });
    expect(mail.subject).toBe('Reset your Ferry password');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain(`https://ferry.example/updatepassword?t=${token}`);
    expect(mail.text).toContain('valid for 30 minutes');
    expect(mail.text).toContain("If you didn't ask for a password reset, ignore this email");
    expect(mail.html).toContain(`href="https://ferry.example/updatepassword?t=${token}"`);
  });

  it('when the name is blank or holds markup, then the greeting is generic or escaped', () => {
    expect(renderPasswordResetMail({ fullName: '  ', token, lang: 'en' }, { publicUrl }).text).toContain('Hello,');
    const mail = renderPasswordResetMail({ fullName: '<b>Bo</b>', token, lang: 'en' }, { publicUrl });
    expect(mail.html).toContain('Hi &lt;b&gt;Bo&lt;/b&gt;,');
  });

  it('when the language is Chinese, then the mail is Chinese', () => {
    const mail = renderPasswordResetMail({ fullName: '王芳', token, lang: 'zh' }, { publicUrl });
    expect(mail.subject).toBe('重置您的 Ferry 密码');
    expect(mail.text).toContain('王芳，您好：');
    expect(mail.text).toContain('此链接 30 分钟内有效');
    expect(mail.text).toContain('如果您没有申请重置密码，请忽略此邮件');
    expect(mail.html).toContain(`href="https://ferry.example/updatepassword?t=${token}"`);
  });
});
