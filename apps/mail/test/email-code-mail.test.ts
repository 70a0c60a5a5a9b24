import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { EMAIL_CODE_REQUESTED } from '@ferry/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findSentMails } from '../src/store/sent-mail.store';
import { startMailHarness, type MailHarness } from './support/mail-harness';

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

describe('verification code mail', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_code', smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it('when a code to register is requested in English, then the mail with the code arrives in both parts', async () => {
    const event = await harness.publish(EMAIL_CODE_REQUESTED, {
      email: 'ana@acme.example',
      purpose: 'register',
      code: '48213',
      lang: 'en',
      expiresAt: inTenMinutes(),
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toMatchObject({ text: 'ana@acme.example' });
    expect(mail?.from?.value).toEqual([{ name: 'Ferry', address: 'no-reply@ferry.local' }]);
    expect(mail?.subject).toBe('Your Ferry verification code');
    expect(mail?.messageId).toBe(`<${event.eventId}@ferry.mail>`);
    expect(mail?.text).toContain('48213');
    expect(mail?.text).toContain('create your Ferry account');
    expect(mail?.text).toContain('10 minutes');
    expect(mail?.text).toMatch(/spam or junk/);
    expect(mail?.html).toContain('48213');
    expect(mail?.html).toContain('create your Ferry account');
    expect(mail?.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('when a code to send a transfer is requested in Chinese, then the Chinese mail arrives', async () => {
    await harness.publish(EMAIL_CODE_REQUESTED, {
      email: 'li@example.cn',
      purpose: 'send',
      code: '90417',
      lang: 'zh',
      expiresAt: inTenMinutes(),
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toMatchObject({ text: 'li@example.cn' });
    expect(mail?.subject).toBe('您的 Ferry 验证码：确认邮箱以发送文件');
    expect(mail?.text).toContain('90417');
    expect(mail?.text).toContain('发送您的文件');
    expect(mail?.text).toContain('10 分钟内有效');
    expect(mail?.html).toContain('lang="zh-CN"');
    expect(mail?.html).toContain('90417');
  });

  it('when a code mail is sent, then it is recorded and neither the code nor the address is logged', async () => {
    const event = await harness.publish(EMAIL_CODE_REQUESTED, {
      email: 'secret-keeper@acme.example',
      purpose: 'register',
      code: '73591',
      lang: 'en',
      expiresAt: inTenMinutes(),
    });
    await smtp.waitForMessages(1);
    await harness.waitUntilHandled(event.eventId);

    const sent = await findSentMails(harness.db, { recipient: 'secret-keeper@acme.example' });
    expect(sent).toEqual([
      expect.objectContaining({ eventId: event.eventId, kind: 'email-code', messageId: `<${event.eventId}@ferry.mail>` }),
    ]);
    expect(harness.memory.lines.some((line) => line['msg'] === 'mail sent' && line['eventId'] === event.eventId)).toBe(true);
    expect(harness.memory.text()).not.toContain('73591');
    expect(harness.memory.text()).not.toContain('secret-keeper');
  });

  it('when the code has already expired, then no mail is sent', async () => {
    const event = await harness.publish(EMAIL_CODE_REQUESTED, {
      email: 'late@acme.example',
      purpose: 'register',
      code: '11111',
      lang: 'en',
      // An hour ago: the harness's clock stands still at its start, so 'a second ago' by the wall clock
      // is still ahead of it once the earlier tests took more than a second.
      expiresAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await harness.waitUntilHandled(event.eventId);

    expect(smtp.messages.map((m) => [m.to, m.subject, m.date])).toEqual([]);
    expect(await findSentMails(harness.db, { recipient: 'late@acme.example' })).toEqual([]);
  });
});
