import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { TEAM_INVITE_CREATED } from '@ferry/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startMailHarness, type MailHarness } from './support/mail-harness';

const INVITE_TOKEN = 'inv_Q8w3eR5tY7uI9oP1aS2dF4gH';
const inSevenDays = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

describe('team invite mail', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_invite', smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  it('when an admin invites someone in English, then the mail names the admin and company and links to the invite', async () => {
    await harness.publish(TEAM_INVITE_CREATED, {
      inviteId: 'i1',
      inviteToken: INVITE_TOKEN,
      email: 'sam@acme.example',
      adminId: 'a1',
      adminName: 'Dana Admin',
      adminEmail: 'dana@acme.example',
      company: 'Acme Trading',
      lang: 'en',
      expiresAt: inSevenDays(),
    });

    const [mail] = await smtp.waitForMessages(1);
    const link = `${PUBLIC_URL}/invite/${INVITE_TOKEN}`;
    expect(mail?.to).toMatchObject({ text: 'sam@acme.example' });
    expect(mail?.subject).toBe('Dana Admin invited you to join Acme Trading on Ferry');
    expect(mail?.text).toContain('Dana Admin (dana@acme.example) has invited you to join the Acme Trading team on Ferry.');
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('7 days');
    expect(mail?.html).toContain(`href="${link}"`);
  });

  it('when an admin invites someone in Chinese, then the Chinese mail arrives', async () => {
    await harness.publish(TEAM_INVITE_CREATED, {
      inviteId: 'i2',
      inviteToken: INVITE_TOKEN,
      email: 'zhao@example.cn',
      adminId: 'a2',
      adminName: '陈经理',
      adminEmail: 'chen@example.cn',
      company: '深圳远航贸易',
      lang: 'zh',
      expiresAt: inSevenDays(),
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.subject).toBe('陈经理 邀请您加入 Ferry 上的「深圳远航贸易」团队');
    expect(mail?.text).toContain('陈经理（chen@example.cn）邀请您加入 Ferry 上的「深圳远航贸易」团队。');
    expect(mail?.text).toContain('7 天内有效');
    expect(mail?.text).toContain(`${PUBLIC_URL}/invite/${INVITE_TOKEN}`);
    expect(mail?.html).toContain('接受邀请');
  });

  it('when the company name holds markup, then the HTML part shows it escaped', async () => {
    await harness.publish(TEAM_INVITE_CREATED, {
      inviteId: 'i3',
      inviteToken: INVITE_TOKEN,
      email: 'kim@acme.example',
      adminId: 'a3',
      adminName: null,
      adminEmail: 'root@acme.example',
      company: '<img src=x onerror=alert(1)> & Co',
      lang: 'en',
      expiresAt: inSevenDays(),
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.subject).toBe('root@acme.example invited you to join <img src=x onerror=alert(1)> & Co on Ferry');
  });
});
