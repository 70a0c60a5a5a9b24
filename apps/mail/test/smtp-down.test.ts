import { startSmtpInbox, type SmtpInbox, waitFor } from '@ferry/testing';
import { TEAM_INVITE_CREATED } from '@ferry/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { findSentMails } from '../src/store/sent-mail.store';
import { startMailHarness, type MailHarness } from './support/mail-harness';

describe('SMTP down', () => {
  let smtp: SmtpInbox | undefined;
  let harness: MailHarness | undefined;

  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('when SMTP is down at first and comes back, then the bus redelivers the event and the mail arrives once', async () => {
    smtp = await startSmtpInbox({ listen: false });
    harness = await startMailHarness({ prefix: 'mail_down', smtpUrl: smtp.url });

    const event = await harness.publish(TEAM_INVITE_CREATED, {
      inviteId: 'i1',
      inviteToken: 'inv_abcdefghijklmnopqrstuvwxyz',
      email: 'new@acme.example',
      adminId: 'a1',
      adminName: 'Dana',
      adminEmail: 'dana@acme.example',
      company: 'Acme',
      lang: 'en',
      expiresAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    });
    await waitFor('a failed delivery', () =>
      harness?.memory.lines.some((line) => line['msg'] === 'handler failed; will retry'),
    );
    const refused = harness.memory.lines.filter((line) => line['msg'] === 'smtp send failed');
    expect(refused.map((line) => (line['smtp'] as { code?: string }).code)).toEqual(['ESOCKET', 'ESOCKET', 'ESOCKET']);
    expect(await findSentMails(harness.db)).toEqual([]);

    await smtp.start();
    const [mail] = await smtp.waitForMessages(1);
    await harness.waitUntilHandled(event.eventId);

    expect(mail?.subject).toBe('Dana invited you to join Acme on Ferry');
    expect(smtp.messages).toHaveLength(1);
    expect(await findSentMails(harness.db)).toEqual([expect.objectContaining({ eventId: event.eventId, kind: 'team-invite' })]);
  });
});
