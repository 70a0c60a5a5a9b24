import { randomBytes } from 'node:crypto';
import { connectNatsBus } from '@ferry/bus';
import { createMemoryLogger } from '@ferry/bus/testing';
import { startNatsServer, type LocalNatsServer } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferryAdmin } from './admin-command';

/** On a NATS that requires users (as k8s runs it), ferry-admin logs in as the admin user from NATS_USER and NATS_PASSWORD. */
describe('ferry-admin on a NATS with users', () => {
  const password = randomBytes(12).toString('hex');
  let server: LocalNatsServer;

  beforeAll(async () => {
    server = await startNatsServer({ config: `authorization { users: [ { user: admin, password: "${password}" } ] }` });
    // A service creates the streams at its start; here the admin user stands in for it.
    const bus = await connectNatsBus(server.url, { name: 'creates-streams', log: createMemoryLogger(), credentials: { user: 'admin', password } });
    await bus.drain();
  });
  afterAll(async () => {
    await server?.kill();
  });

  it('when the admin credentials are given, then consumers and dlq list answer; without them, the login is refused by name', async () => {
    const admin = { NATS_URL: server.url, NATS_USER: 'admin', NATS_PASSWORD: password };
    expect(await ferryAdmin(admin, 'consumers')).toMatchObject({ code: 0, stdout: 'stream\tconsumer\tlag\tpending\tack_pending\tredelivered\n' });
    expect(await ferryAdmin(admin, 'dlq', 'list')).toMatchObject({ code: 0, stdout: 'no dead letters\n' });

    const refused = await ferryAdmin({ NATS_URL: server.url, NATS_USER: '', NATS_PASSWORD: '' }, 'consumers');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('NATS refused a connection without credentials of ferry-admin');
  }, 60_000);
});
