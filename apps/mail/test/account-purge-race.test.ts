import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { randomUUID } from 'node:crypto';
import { ACCOUNT_DELETED, EMAIL_CODE_REQUESTED } from '@ferry/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { findSentMails } from '../src/store/sent-mail.store';
import { startMailHarness, type MailHarness } from './support/mail-harness';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the purge of a deleted account in mail', () => {
  let smtp: SmtpInbox | undefined;
  let harness: MailHarness | undefined;

  afterEach(async () => {
    await harness?.close();
    await smtp?.close();
  });

  it('when the purge arrives while a mail to the address is still going out, then it waits for it and no row keeps the address', async () => {
    // The SMTP server takes 800 ms to accept: the mail's row is written, not yet committed.
    smtp = await startSmtpInbox({ delayMs: 800 });
    harness = await startMailHarness({ prefix: 'mail_purge_race', smtpUrl: smtp.url });
    const email = 'leaver@acme.example';
    const code = { eventId: randomUUID(), email, purpose: 'register' as const, code: '52086', lang: 'en' as const, expiresAt: new Date(Date.now() + 600_000).toISOString() };
    // Published by another service than the purge's (the in-process bus answers once it is handled).
    const sending = harness.bus.publishEvent(EMAIL_CODE_REQUESTED.subject, code.eventId, code, {});
    await pause(300);
    const deleted = { eventId: randomUUID(), userId: randomUUID(), email, memberIds: [], at: new Date().toISOString() };
    await harness.bus.publishEvent(ACCOUNT_DELETED.subject, deleted.eventId, deleted, {});

    await sending;
    await harness.waitUntilHandled(deleted.eventId);
    await harness.waitUntilHandled(code.eventId);
    expect(smtp.messages).toHaveLength(1);
    expect(await findSentMails(harness.db, { recipient: email })).toEqual([]);
  });
});
