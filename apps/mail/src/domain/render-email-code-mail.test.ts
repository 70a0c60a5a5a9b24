import { describe, expect, it } from 'vitest';
import { renderEmailCodeMail } from './render-email-code-mail';

const publicUrl = 'https://ferry.example';

describe('renderEmailCodeMail', () => {
  it('when the purpose is register in English, then it asks to confirm the email to create the account', () => {
    const mail = renderEmailCodeMail({ code: '40917', purpose: 'register', lang: 'en' }, { publicUrl });
    expect(mail.subject).toBe('Your Ferry verification code');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('40917');
      expect(part).toContain('confirm your email and create your Ferry account');
      expect(part).toContain('valid for 10 minutes');
      expect(part).toContain('spam or junk folder');
    }
    expect(mail.html).toMatch(/font-size:34px[^>]*>40917</);
  });

  it('when the purpose is send in English, then it asks to confirm the email to send the transfer', () => {
    const mail = renderEmailCodeMail({ code: '40917', purpose: 'send', lang: 'en' }, { publicUrl });
    expect(mail.subject).toBe('Your Ferry code to send your transfer');
    expect(mail.text).toContain('confirm your email and send your transfer');
    expect(mail.text).not.toContain('create your Ferry account');
  });

  it('when the purpose is register in Chinese, then the mail is Chinese', () => {
    const mail = renderEmailCodeMail({ code: '40917', purpose: 'register', lang: 'zh' }, { publicUrl });
    expect(mail.subject).toBe('您的 Ferry 验证码');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('40917');
      expect(part).toContain('完成 Ferry 账户注册');
      expect(part).toContain('验证码 10 分钟内有效');
      expect(part).toContain('垃圾邮件');
    }
  });

  it('when the purpose is send in Chinese, then it speaks of sending files', () => {
    const mail = renderEmailCodeMail({ code: '40917', purpose: 'send', lang: 'zh' }, { publicUrl });
    expect(mail.subject).toBe('您的 Ferry 验证码：确认邮箱以发送文件');
    expect(mail.text).toContain('即可发送您的文件');
  });
});
