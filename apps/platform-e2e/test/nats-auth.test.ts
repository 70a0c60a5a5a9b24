import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectNatsBus, consumer, type Bus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { defineEvent, defineRpc } from '@ferry/contracts';
import { openDb } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { startNatsServer, waitFor, WORKSPACE_ROOT, type LocalNatsServer } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

const SERVICES = ['GATEWAY', 'IDENTITY', 'TRANSFERS', 'NOTIFICATIONS', 'MAIL', 'STORAGE_CREDENTIALS', 'GEO', 'BILLING', 'ADMIN'];
const PASSWORDS = Object.fromEntries(SERVICES.map((service) => [`NATS_PASSWORD_${service}`, `pw-${service.toLowerCase()}-${process.pid}`]));
/** Subjects inside transfers' allow-lists (`svc.transfers.>`, `evt.transfer.>`). */
const NOTED = defineEvent('evt.transfer.auth-test-noted', 1, z.object({ eventId: z.uuid() }));
const PING = defineRpc('svc.transfers.auth-test-ping', z.object({}), z.object({ pong: z.literal(true) }));

/** The users and permissions block of the NATS config k8s runs (k8s/base/nats.yaml). */
function k8sAuthConf(): string {
  const docs = parseAllDocuments(readFileSync(resolve(WORKSPACE_ROOT, 'k8s/base/nats.yaml'), 'utf8')).map((doc) => doc.toJSON() as { kind: string; metadata: { name: string }; data?: Record<string, string> });
  const config = docs.find((doc) => doc.kind === 'ConfigMap' && doc.metadata.name === 'nats-config');
  return config!.data!['auth.conf']!;
}

/** A throwaway CA and a server certificate for 127.0.0.1, made with openssl. */
function makeCertificates(dir: string): void {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('req', '-x509', ...key, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=ferry-test-ca');
  run('req', ...key, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '1', '-extfile', 'san.ext');
}

describe('NATS users per service, over TLS, with the k8s permissions', () => {
  let certs = '';
  let server: LocalNatsServer;
  let testDb: TestDatabase;
  let db: Knex;
  const buses: Bus[] = [];
  const connectAs = async (user: string, password = PASSWORDS[`NATS_PASSWORD_${user.toUpperCase().replace(/-/g, '_')}`]!) => {
    const bus = await connectNatsBus(server.url, { name: user, log: createMemoryLogger(), credentials: { user, password, tlsCaFile: join(certs, 'ca.crt') } });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    certs = mkdtempSync(join(tmpdir(), 'ferry-nats-tls-'));
    execFileSync('sh', ['-c', 'printf "subjectAltName=IP:127.0.0.1,DNS:localhost\\n" > san.ext'], { cwd: certs });
    makeCertificates(certs);
    server = await startNatsServer({
      env: PASSWORDS,
      config: `tls { cert_file: "${certs}/server.crt", key_file: "${certs}/server.key", ca_file: "${certs}/ca.crt", timeout: 2 }\n${k8sAuthConf()}`,
    });
    testDb = await createTestDatabase('nats_auth');
    db = await openDb(testDb.url, { schema: 'mail', migrations: [] });
  });
  afterAll(async () => {
    await Promise.allSettled(buses.map((bus) => bus.drain()));
    await db?.destroy();
    await testDb?.drop();
    await server?.kill();
    rmSync(certs, { recursive: true, force: true });
  });

  it('when each service logs in with its own user over TLS, then transfers serves the gateway and writes its event, and mail consumes it', async () => {
    const transfers = await connectAs('transfers');
    const gateway = await connectAs('gateway');
    const mail = await connectAs('mail');
    await transfers.serve('transfers', [handle(PING, async () => ({ pong: true as const }))]);
    expect(await gateway.request(PING, {})).toEqual({ pong: true });

    const seen: string[] = [];
    await mail.consume([consumer(NOTED, { durable: 'mail--transfer-auth-test-noted', db, handle: async (event) => void seen.push(event.eventId) })]);
    const event = { eventId: crypto.randomUUID() };
    await transfers.publishEvent(NOTED.subject, event.eventId, event, { 'Ferry-Event-Version': '1' });
    await waitFor('mail to consume the transfer event', () => seen.length > 0);
    expect(seen).toEqual([event.eventId]);
  });

  it('when every service logs in as itself, then each can make the streams, serve its own subjects to the gateway and, where it consumes, make its durable consumer', async () => {
    const gateway = await connectAs('gateway');
    const served: Record<string, string> = { identity: 'identity', transfers: 'transfers', notifications: 'notifications', 'storage-credentials': 'storage', geo: 'geo', billing: 'billing' };
    for (const [user, area] of Object.entries(served)) {
      const rpc = defineRpc(`svc.${area}.auth-test-whoami`, z.object({}), z.object({ user: z.string() }));
      const service = await connectAs(user);
      await service.serve(area, [handle(rpc, async () => ({ user }))]);
      expect(await gateway.request(rpc, {}), user).toEqual({ user });
    }
    for (const user of ['identity', 'mail', 'notifications']) {
      const bus = await connectAs(user);
      await expect(bus.consume([consumer(NOTED, { durable: `${user}--transfer-auth-test-noted`, db, handle: async () => undefined })]), user).resolves.toBeUndefined();
    }
  });

  it('when billing writes its subscription and invoice events, then mail consumes them; an event outside its lists is refused', async () => {
    const billing = await connectAs('billing');
    const mail = await connectAs('mail');
    const seen: string[] = [];
    for (const subject of ['evt.subscription.auth-test-ending', 'evt.invoice.auth-test-failed']) {
      const event = defineEvent(subject, 1, z.object({ eventId: z.uuid() }));
      await mail.consume([consumer(event, { durable: `mail--${subject.split('.').slice(1).join('-')}`, db, handle: async (payload) => void seen.push(payload.eventId) })]);
      const eventId = crypto.randomUUID();
      await billing.publishEvent(subject, eventId, { eventId }, { 'Ferry-Event-Version': '1' });
      await waitFor(`mail to consume ${subject}`, () => seen.includes(eventId));
    }
    const eventId = crypto.randomUUID();
    await expect(billing.publishEvent(NOTED.subject, eventId, { eventId }, {})).rejects.toThrow(/permission/i);
  });

  it('when a service gives a wrong password, then it is refused at once, naming the user and the variables to check', async () => {
    await expect(connectAs('transfers', 'not-the-password')).rejects.toThrow(/NATS refused user "transfers" of transfers \(check NATS_USER\/NATS_PASSWORD.*Authorization Violation/i);
  });

  it('when mail publishes an event that is not its own, then NATS refuses it', async () => {
    const mail = await connectAs('mail');
    const eventId = crypto.randomUUID();
    await expect(mail.publishEvent(NOTED.subject, eventId, { eventId }, {})).rejects.toThrow(/permission/i);
  });

  it('when a service does not trust the CA, then the TLS connection fails', async () => {
    await expect(connectNatsBus(server.url, { name: 'geo', log: createMemoryLogger(), credentials: { user: 'geo', password: PASSWORDS['NATS_PASSWORD_GEO'] } })).rejects.toThrow(/certificate/i);
  });
});
