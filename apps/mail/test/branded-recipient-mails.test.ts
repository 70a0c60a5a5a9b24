import { randomUUID } from 'node:crypto';
import { startSmtpInbox, type SmtpInbox } from '@ferry/testing';
import { TRANSFER_EXPIRY_REMINDER_DUE, TRANSFER_EXTENDED } from '@ferry/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startMailHarness, type MailHarness } from './support/mail-harness';

const brand = {
  logoUrl: `${PUBLIC_URL}/api/v1/public/pictures/6b1f9c1e-0d7e-4c53-9d0e-1f2a3b4c5d6e`,
  accentColor: '#aa3300',
  backgroundUrl: `${PUBLIC_URL}/api/v1/public/pictures/0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5`,
  poweredBy: false,
};
const inTwoDays = () => new Date(Date.now() + 2 * 24 * 3600_000).toISOString();

describe('mails to recipients under the sender company brand', () => {
  let smtp: SmtpInbox;
  let harness: MailHarness;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    harness = await startMailHarness({ prefix: 'mail_branded', smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  function expectBranded(html: string | false | undefined, text: string | undefined) {
    expect(html).toContain(`<img src="${brand.logoUrl}"`);
    expect(html).toContain('background-color:#aa3300;color:#ffffff');
    expect(html).toContain(`background-image:url('${brand.backgroundUrl}')`);
    // Business hid the mark: neither part names Ferry.
    expect(html).not.toMatch(/Ferry/);
    expect(text).not.toMatch(/Ferry/);
  }

  it('when a transfer is extended, then each recipient is told under the brand', async () => {
    await harness.publish(TRANSFER_EXTENDED, {
      transferId: randomUUID(),
      slug: 'brandext1',
      senderEmail: 'dana@acme.example',
      lang: 'en',
      recipients: [{ email: 'bo@client.example', name: null, link: `${PUBLIC_URL}/w/brandext1/tok1` }],
      expiryDate: inTwoDays(),
      branding: brand,
    });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toMatchObject({ text: 'bo@client.example' });
    expectBranded(mail?.html, mail?.text);
  });

  it('when the reminder a day before expiry goes out, then it is under the brand too', async () => {
    await harness.publish(TRANSFER_EXPIRY_REMINDER_DUE, {
      transferId: randomUUID(),
      slug: 'brandrem1',
      senderEmail: 'dana@acme.example',
      senderName: 'Dana',
      lang: 'zh',
      fileCount: 1,
      fileNames: ['plans.pdf'],
      expiryDate: inTwoDays(),
      recipients: [{ email: 'cy@client.example', name: null, link: `${PUBLIC_URL}/w/brandrem1/tok2` }],
      branding: brand,
    });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toMatchObject({ text: 'cy@client.example' });
    expectBranded(mail?.html, mail?.text);
  });
});
