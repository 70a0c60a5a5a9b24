import { randomBytes } from 'node:crypto';
import { waitFor } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerRow } from './admin-command';
import { ApiClient, codeFrom, startPlatformStack, waitForMail, type PlatformStack } from './platform-stack';

const DURABLE = 'mail--email-code-requested';

/** What an operator sees with `ferry-admin consumers` while the mail service is down, and after it returns. */
describe('consumer lag while mail is down', () => {
  const prefix = `lag${randomBytes(3).toString('hex')}`;
  let stack: PlatformStack;
  let adminEnv: Record<string, string>;

  beforeAll(async () => {
    // An environment of its own on the machine's NATS: no other suite's mail service takes these events.
    stack = await startPlatformStack({ env: { NATS_PREFIX: prefix } });
    adminEnv = { NATS_URL: stack.env['NATS_URL']!, NATS_PREFIX: prefix };
    await waitFor('mail\'s durable consumer', () => consumerRow(adminEnv, DURABLE), 30_000);
  }, 120_000);
  afterAll(async () => {
    await stack?.stopAll();
  });

  it('when mail is stopped and codes are asked for, then its lag rises to their number; when it starts again, the lag falls to 0 and each mail arrives once', async () => {
    await stack.processes.mail.stop();
    const emails = [1, 2, 3].map((n) => `lag${n}.${randomBytes(3).toString('hex')}@example.com`);
    const client = new ApiClient(stack.api);
    for (const email of emails) expect((await client.call('POST', '/auth/email-codes', { email, purpose: 'register' })).status).toBe(202);

    const risen = await waitFor('the lag to reach 3', async () => {
      const row = await consumerRow(adminEnv, DURABLE);
      return row && row.lag === emails.length ? row : undefined;
    }, 30_000);
    expect(risen).toMatchObject({ pending: 3, ackPending: 0 });
    for (const email of emails) expect(stack.smtp.mailsTo(email)).toHaveLength(0);

    stack.start('mail');
    await waitFor('the lag to fall to 0', async () => (await consumerRow(adminEnv, DURABLE))?.lag === 0, 60_000);
    for (const email of emails) codeFrom((await waitForMail(stack.smtp, email))[0]!.text);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const email of emails) expect(stack.smtp.mailsTo(email)).toHaveLength(1);
    expect(await consumerRow(adminEnv, DURABLE)).toMatchObject({ lag: 0, pending: 0, ackPending: 0 });
  }, 150_000);
});
