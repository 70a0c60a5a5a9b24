import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { startSmtpInbox } from './smtp-inbox';
import { waitFor } from './wait-for';

describe('startSmtpInbox', () => {
  it('when mail is sent to it, then it is parsed and found by recipient', async () => {
    const inbox = await startSmtpInbox();
    try {
      const transport = createTransport(inbox.url);
      await transport.sendMail({ from: 'a@ferry.local', to: 'Ada@Example.com', subject: 'hi', text: 'code 12345' });
      const [mail] = await inbox.waitForMailsTo('ada@example.com');
      expect(mail?.subject).toBe('hi');
      expect(inbox.mailsTo('other@example.com')).toHaveLength(0);
    } finally {
      await inbox.close();
    }
  });

  it('when told to refuse the first message, then the sender sees a 451 and the next one is kept', async () => {
    const inbox = await startSmtpInbox({ rejectFirst: 1 });
    try {
      const transport = createTransport(inbox.url);
      await expect(transport.sendMail({ from: 'a@ferry.local', to: 'b@example.com', text: 'one' })).rejects.toMatchObject({ responseCode: 451 });
      await transport.sendMail({ from: 'a@ferry.local', to: 'b@example.com', text: 'two' });
      expect(inbox.offered()).toBe(2);
      expect(inbox.messages.map((m) => m.text?.trim())).toEqual(['two']);
    } finally {
      await inbox.close();
    }
  });
});

describe('waitFor', () => {
  it('when the condition never holds, then it fails naming what it waited for', async () => {
    await expect(waitFor('the moon', () => false, 100)).rejects.toThrow('waiting for the moon');
  });
});
