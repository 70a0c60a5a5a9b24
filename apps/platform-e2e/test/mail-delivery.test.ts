import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Knex } from '@ferry/db';
import { EMAIL_CODE_REQUESTED } from '@ferry/contracts';
import { writeEvent } from '@ferry/bus';
import { DOOMED_RELAY_FIXTURE } from '@ferry/bus/testing';
import { spawn } from 'node:child_process';
import { waitFor, WORKSPACE_ROOT } from '@ferry/testing';
import { ApiClient, codeFrom, startPlatformStack, waitForMail, type PlatformStack } from './platform-stack';

describe('mail delivery survives outages', () => {
  let stack: PlatformStack;
  let identityDb: Knex;

  beforeAll(async () => {
    stack = await startPlatformStack();
    identityDb = await openDb(stack.db.url, { schema: 'identity', migrate: false });
  }, 90_000);
  afterAll(async () => {
    await identityDb?.destroy();
    await stack?.stopAll();
  });

  it('when the mail service is down while identity commits, then the mail is sent exactly once after it returns', async () => {
    const email = `down.${randomBytes(4).toString('hex')}@example.com`;
    await stack.processes.mail.kill();
    expect((await new ApiClient(stack.api).call('POST', '/auth/email-codes', { email, purpose: 'register' })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(stack.smtp.mailsTo(email)).toHaveLength(0);

    stack.start('mail');
    const [mail] = await waitForMail(stack.smtp, email);
    codeFrom(mail!.text);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(stack.smtp.mailsTo(email)).toHaveLength(1);
  }, 60_000);

  it('when the outbox relay is killed after publishing and before marking, then still exactly one mail', async () => {
    const email = `relay.${randomBytes(4).toString('hex')}@example.com`;
    await stack.processes.identity.stop();
    const event = await identityDb.transaction((trx) =>
      writeEvent(trx, EMAIL_CODE_REQUESTED, { email, purpose: 'register', code: '24680', lang: 'en', expiresAt: new Date(Date.now() + 600_000).toISOString() }),
    );
    const doomed = spawn(process.execPath, ['--import', 'tsx', DOOMED_RELAY_FIXTURE, stack.db.url, stack.env['NATS_URL']!, 'identity', stack.env['EVENT_SEAL_KEY']!], {
      cwd: WORKSPACE_ROOT,
      stdio: 'ignore',
    });
    const signal = await new Promise((done) => doomed.once('exit', (_code, sig) => done(sig)));
    expect(signal).toBe('SIGKILL');
    expect((await identityDb('outbox').where({ id: event.eventId }).first()).published_at).toBeNull();

    stack.start('identity');
    const [mail] = await waitForMail(stack.smtp, email);
    expect(mail!.text).toContain('24680');
    await waitFor('the outbox row to be marked published', async () => Boolean((await identityDb('outbox').where({ id: event.eventId }).first()).published_at));
    await new Promise((r) => setTimeout(r, 3_000));
    expect(stack.smtp.mailsTo(email)).toHaveLength(1);
  }, 60_000);
});

