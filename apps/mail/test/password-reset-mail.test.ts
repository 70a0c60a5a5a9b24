import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { PASSWORD_RESET_REQUESTED } from '@ferry/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startMailHarness, type MailHarness } from './support/mail-harness';

const TOKEN = 'rT4x_9kLmQ2-vBn8ZpW3yC7dEfGh';
const inThirtyMinutes = () => new Date(Date.now() + 30 * 60_000).toISOString();

describe('password reset mail', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_reset', smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it('when a reset is requested in English, then the mail carries the reset link built from PUBLIC_URL', async () => {
    await harness.publish(PASSWORD_RESET_REQUESTED, {
      userId: 'u1',
      email: 'ana@acme.example',
      fullName: 'Ana Silva',
      token: TOKEN,
      lang: 'en',
      expiresAt: inThirtyMinutes(),
    });

    const [mail] = await smtp.waitForMessages(1);
    const link = `${PUBLIC_URL}/updatepassword?t=${TOKEN}`;
    expect(mail?.to).toMatchObject({ text: 'ana@acme.example' });
    expect(mail?.subject).toBe('Reset your Ferry password');
    expect(mail?.text).toContain('Hi Ana Silva,');
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('30 minutes');
    expect(mail?.text).toContain("If you didn't ask for a password reset, ignore this email");
    expect(mail?.html).toContain(`href="${link}"`);
  });

  it('when a reset is requested in Chinese, then the Chinese mail arrives and the token is never logged', async () => {
    await harness.publish(PASSWORD_RESET_REQUESTED, {
      userId: 'u2',
      email: 'wang@example.cn',
      fullName: null,
      token: TOKEN,
      lang: 'zh',
      expiresAt: inThirtyMinutes(),
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.subject).toBe('重置您的 Ferry 密码');
    expect(mail?.text).toContain('您好：');
    expect(mail?.text).toContain('30 分钟内有效');
    expect(mail?.text).toContain(`${PUBLIC_URL}/updatepassword?t=${TOKEN}`);
    expect(mail?.html).toContain('设置新密码');
    expect(harness.memory.text()).not.toContain(TOKEN);
  });
});
