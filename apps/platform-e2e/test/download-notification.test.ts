import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { freePort, startServiceProcess, startSmtpInbox, waitFor, type ServiceProcess, type SmtpInbox } from '@ferry/testing';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, codeFrom, waitForMail } from './platform-stack';

const SERVICES = {
  identity: 'apps/identity/src/main.ts',
  mail: 'apps/mail/src/main.ts',
  'storage-credentials': 'apps/storage-credentials/src/main.ts',
  geo: 'apps/geo/src/main.ts',
  transfers: 'apps/transfers/src/main.ts',
  notifications: 'apps/notifications/src/main.ts',
  gateway: 'apps/gateway/src/main.ts',
} as const;
type ServiceName = keyof typeof SERVICES;

/** Its own nats-server (JetStream on disk), so the test can take NATS away and bring it back. */
function startNats(port: number, storeDir: string): ChildProcess {
  return spawn(process.env['NATS_SERVER_BIN'] ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

/**
 * The core journey with every service as its own process over a real NATS, Postgres and SMTP
 * server: an anonymous sender mails 2 files to 2 recipients, a recipient downloads through a
 * trusted proxy from Dubai, and the sender is told where. NATS goes down right after the
 * download and the notifications service is away: the notification still arrives once.
 */
describe('download -> notification across processes', () => {
  let db: TestDatabase;
  let smtp: SmtpInbox;
  let nats: ChildProcess;
  let natsPort: number;
  let natsStore: string;
  let dataDir: string;
  let api: string;
  let env: Record<string, string>;
  let notificationsDb: Knex;
  const processes = new Map<ServiceName, ServiceProcess>();
  const ports = { gateway: 0, storage: 0 };

  const start = (name: ServiceName) => {
    const own: Record<string, string> =
      name === 'gateway' ? { PORT: String(ports.gateway), TRUST_PROXY_HOPS: '1' } : name === 'storage-credentials' ? { PORT: String(ports.storage) } : {};
    processes.set(name, startServiceProcess(`journey-${name}`, SERVICES[name], { ...env, ...own }));
  };

  beforeAll(async () => {
    db = await createTestDatabase('journey_e2e');
    smtp = await startSmtpInbox();
    [natsPort, ports.gateway, ports.storage] = await Promise.all([freePort(), freePort(), freePort()]);
    natsStore = mkdtempSync(join(tmpdir(), 'ferry-nats-'));
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-journey-'));
    nats = startNats(natsPort, natsStore);
    env = {
      DATABASE_URL: db.url,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      SMTP_URL: smtp.url,
      AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
      EVENT_SEAL_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${ports.gateway}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      HEALTH_PORT: '0',
      OPS_PORT: '0',
      RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '1000',
      // The sender's mail waits for a 1-second download window instead of 5 minutes.
      DOWNLOAD_MAIL_WINDOW_SECONDS: '1',
      DOWNLOAD_DIGEST_POLL_MS: '500',
      STORAGE_PUBLIC_URL: `http://127.0.0.1:${ports.storage}`,
      DATA_DIR: dataDir,
      STORAGE_MASTER_KEY: randomBytes(32).toString('hex'),
      STORAGE_URL_SECRET: randomBytes(32).toString('hex'),
    };
    api = `http://127.0.0.1:${ports.gateway}/api/v1`;
    for (const name of Object.keys(SERVICES) as ServiceName[]) start(name);
    await waitFor(
      'every service to answer through the gateway',
      async () => {
        const res = await fetch(`${api}/public/transfers/aaaaaaa`).catch(() => null);
        const geo = await fetch(`${api}/geo/me`).catch(() => null);
        const identity = await fetch(`${api}/auth/password-resets/${'x'.repeat(43)}`).catch(() => null);
        const storage = await fetch(`${api}/regions`).catch(() => null);
        return res?.status === 404 && geo?.status === 200 && identity?.status === 404 && storage?.status === 200;
      },
      90_000,
    );
    notificationsDb = knex({ client: 'pg', connection: db.url, searchPath: ['notifications'], pool: { min: 0, max: 1 } });
  }, 120_000);

  afterAll(async () => {
    await notificationsDb?.destroy();
    await Promise.all([...processes.values()].map((p) => p.stop()));
    if (nats) await stopProcess(nats, 'SIGTERM');
    await smtp?.close();
    await db?.drop();
    for (const dir of [natsStore, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the sender learns that Amira downloaded in Dubai, even though NATS went down right after the download', async () => {
    const sender = new ApiClient(api);
    const senderEmail = 'wei@shenzhen.example';
    expect((await sender.call('POST', '/auth/email-codes', { email: senderEmail, purpose: 'send' })).status).toBe(202);
    const [codeMail] = await waitForMail(smtp, senderEmail);
    expect((await sender.call('POST', '/auth/email-codes/verify', { email: senderEmail, code: codeFrom(codeMail!.text), purpose: 'send' })).status).toBe(200);

    const invoice = randomBytes(30_000);
    const photo = randomBytes(70_000);
    const created = await sender.call('POST', '/transfers', {
      sendAs: 'email',
      senderEmail,
      emailTo: ['amira@dubai.example', 'jonas@hamburg.example'],
      files: [
        { name: 'invoice.pdf', size: invoice.length },
        { name: 'site.jpg', size: photo.length, path: 'photos' },
      ],
    });
    expect(created.status).toBe(201);
    const { id, slug, uploads } = created.body as { id: string; slug: string; uploads: Array<{ uploadToken: string; single: { url: string; headers: Record<string, string> } }> };
    for (const [i, bytes] of [invoice, photo].entries()) {
      expect((await fetch(uploads[i]!.single.url, { method: 'PUT', headers: uploads[i]!.single.headers, body: bytes })).status).toBe(200);
    }
    expect((await sender.call('POST', `/transfers/${id}/complete`, { uploads: uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);

    const [toAmira] = await waitForMail(smtp, 'amira@dubai.example');
    await waitForMail(smtp, 'jonas@hamburg.example');
    const token = new RegExp(`/downloads/${slug}/([A-Za-z0-9]{12})`).exec(toAmira!.text ?? '')?.[1];
    expect(token).toBeDefined();

    // The notifications service is away, and NATS dies right after the download is recorded.
    await processes.get('notifications')!.stop();
    const recipient = new ApiClient(api);
    const page = await recipient.call('GET', `/public/transfers/${slug}?recipient=${token}`);
    const fileId = (page.body as { files: Array<{ id: string; name: string }> }).files.find((f) => f.name === 'site.jpg')!.id;
    const download = await recipient.call('POST', `/public/transfers/${slug}/downloads`, { fileId, recipient: token }, { 'x-forwarded-for': '94.200.0.1' });
    expect(download.status).toBe(200);
    await stopProcess(nats, 'SIGKILL');
    const bytes = Buffer.from(await (await fetch((download.body as { url: string }).url)).arrayBuffer());
    expect(bytes.equals(photo)).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    nats = startNats(natsPort, natsStore);
    start('notifications');

    const told = await waitFor(
      'the downloaded mail to the sender',
      () => smtp.mailsTo(senderEmail).find((m) => m.subject === 'amira@dubai.example downloaded site.jpg from Dubai'),
      60_000,
    );
    expect(told.text).toContain('United Arab Emirates');
    const rows = await notificationsDb('notifications').where({ slug });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dl_country_code: 'AE', dl_city: 'Dubai', receiver_email: 'amira@dubai.example', file_name: 'site.jpg' });
    // Exactly once, even with NATS restarting under it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.mailsTo(senderEmail).filter((m) => m.subject?.includes('downloaded'))).toHaveLength(1);
  });
});
