import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { freePort, startServiceProcess, startSmtpInbox, waitFor, type ServiceProcess, type SmtpInbox } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, codeFrom, serviceEnv, waitForMail } from './platform-stack';

/** One Prometheus sample: `name{labels} value`; the value of the first line matching every label, or null. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

/**
 * Gateway, identity and mail as separate processes, each with /metrics on its ops port: after one
 * register step (a code mailed), every service's counters have moved.
 */
describe('metrics on each service', () => {
  let db: TestDatabase;
  let smtp: SmtpInbox;
  const processes: ServiceProcess[] = [];
  const ports = { api: 0, gatewayOps: 0, identity: 0, mail: 0 };
  const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();

  beforeAll(async () => {
    db = await createTestDatabase('metrics');
    smtp = await startSmtpInbox();
    [ports.api, ports.gatewayOps, ports.identity, ports.mail] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const env = serviceEnv(db, smtp);
    processes.push(startServiceProcess('metrics-identity', 'apps/identity/src/main.ts', { ...env, HEALTH_PORT: String(ports.identity) }));
    processes.push(startServiceProcess('metrics-mail', 'apps/mail/src/main.ts', { ...env, HEALTH_PORT: String(ports.mail) }));
    processes.push(startServiceProcess('metrics-gateway', 'apps/gateway/src/main.ts', { ...env, PORT: String(ports.api), OPS_PORT: String(ports.gatewayOps) }));
    await waitFor('every ops port', async () => {
      const answers = await Promise.all([ports.gatewayOps, ports.identity, ports.mail].map((port) => fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null)));
      return answers.every((res) => res?.status === 200);
    }, 60_000);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await smtp?.close();
    await db?.drop();
  });

  it('when a code is asked for and mailed, then the gateway, identity and mail counters move, and /metrics is not on the public port', async () => {
    const email = `metrics.${randomBytes(4).toString('hex')}@example.com`;
    const api = `http://127.0.0.1:${ports.api}/api/v1`;
    expect((await new ApiClient(api).call('POST', '/auth/email-codes', { email, purpose: 'register' })).status).toBe(202);
    const [mail] = await waitForMail(smtp, email);
    expect(codeFrom(mail!.text)).toMatch(/^\d{5}$/);

    const gateway = await scrape(ports.gatewayOps);
    expect(sample(gateway, 'ferry_http_requests_total', { service: 'gateway', method: 'POST', route: '/api/v1/auth/email-codes', status: '202' })).toBeGreaterThanOrEqual(1);
    expect(sample(gateway, 'ferry_rpc_client_duration_seconds_count', { subject: 'svc.identity.request-email-code', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(gateway, 'ferry_process_resident_memory_bytes', {})).toBeGreaterThan(0);

    const identity = await scrape(ports.identity);
    expect(sample(identity, 'ferry_rpc_server_duration_seconds_count', { subject: 'svc.identity.request-email-code', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(identity, 'ferry_events_published_total', { subject: 'evt.email-code.requested' })).toBeGreaterThanOrEqual(1);
    expect(sample(identity, 'ferry_outbox_backlog', { schema: 'identity' })).toBe(0);

    await waitFor('the mail counters', async () => sample(await scrape(ports.mail), 'ferry_mails_total', { outcome: 'sent' }) !== null, 10_000);
    const mailMetrics = await scrape(ports.mail);
    expect(sample(mailMetrics, 'ferry_events_consumed_total', { consumer: 'mail--email-code-requested', outcome: 'ack' })).toBeGreaterThanOrEqual(1);
    expect(sample(mailMetrics, 'ferry_mails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(sample(mailMetrics, 'ferry_consumer_lag_messages', { consumer: 'mail--email-code-requested' })).toBe(0);

    expect((await fetch(`http://127.0.0.1:${ports.api}/metrics`)).status).toBe(404);
    expect((await fetch(`${api}/metrics`)).status).toBe(404);
  });
});
