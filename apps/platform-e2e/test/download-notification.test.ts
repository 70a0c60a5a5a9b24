import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { freePort, startServiceProcess, startSmtpInbox, waitFor, type ServiceProcess, type SmtpInbox } from '@ferry/testing';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPhotoFromDubai, journeyEnv, JOURNEY_SERVICES, ownEnv, sendTransferToAmira, waitForJourneyServices, type JourneyService } from './journey-stack';

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
  const processes = new Map<JourneyService, ServiceProcess>();
  const ports = { gateway: 0, storage: 0 };

  const start = (name: JourneyService) => {
    processes.set(name, startServiceProcess(`journey-${name}`, JOURNEY_SERVICES[name], { ...env, ...ownEnv(name, ports) }));
  };

  beforeAll(async () => {
    db = await createTestDatabase('journey_e2e');
    smtp = await startSmtpInbox();
    [natsPort, ports.gateway, ports.storage] = await Promise.all([freePort(), freePort(), freePort()]);
    natsStore = mkdtempSync(join(tmpdir(), 'ferry-nats-'));
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-journey-'));
    nats = startNats(natsPort, natsStore);
    env = journeyEnv({ db, smtp, natsUrl: `nats://127.0.0.1:${natsPort}`, ports, dataDir });
    api = `http://127.0.0.1:${ports.gateway}/api/v1`;
    for (const name of Object.keys(JOURNEY_SERVICES) as JourneyService[]) start(name);
    await waitForJourneyServices(api);
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
    const senderEmail = 'wei@shenzhen.example';
    const sent = await sendTransferToAmira(api, smtp, senderEmail);
    const { slug } = sent;

    // The notifications service is away, and NATS dies right after the download is recorded.
    await processes.get('notifications')!.stop();
    const download = await downloadPhotoFromDubai(api, sent);
    expect(download.status).toBe(200);
    await stopProcess(nats, 'SIGKILL');
    const bytes = Buffer.from(await (await fetch(download.url)).arrayBuffer());
    expect(bytes.equals(sent.photo)).toBe(true);

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
