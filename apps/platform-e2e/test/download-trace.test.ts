import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_NATS_URL } from '@ferry/bus/testing';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import {
  freePort,
  startOtlpReceiver,
  startServiceProcess,
  startSmtpInbox,
  waitFor,
  WORKSPACE_ROOT,
  type OtlpReceiver,
  type ReceivedSpan,
  type ServiceProcess,
  type SmtpInbox,
} from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadPhotoFromDubai, journeyEnv, JOURNEY_SERVICES, ownEnv, sendTransferToAmira, waitForJourneyServices, type JourneyService } from './journey-stack';

const TRACED: JourneyService[] = ['gateway', 'transfers', 'storage-credentials', 'notifications', 'mail'];
const SPAN_KIND_SERVER = 2;

/** The JSON lines a service process wrote (startServiceProcess keeps them in test-output). */
function logLinesOf(processName: string): Array<Record<string, unknown>> {
  const text = readFileSync(resolve(WORKSPACE_ROOT, 'test-output/platform-e2e', `${processName}.log`), 'utf8');
  return text.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/** The trace's spans once every traced service is in it and every span but the root has its parent in it. */
function completeTrace(spans: ReceivedSpan[], root: ReceivedSpan): ReceivedSpan[] | undefined {
  const own = spans.filter((span) => span.traceId === root.traceId);
  const ids = new Set(own.map((span) => span.spanId));
  const services = new Set(own.map((span) => span.service));
  const isLinked = own.every((span) => span === root || ids.has(span.parentSpanId));
  return isLinked && TRACED.every((service) => services.has(service)) ? own : undefined;
}

/**
 * Every service as its own process, exporting spans over OTLP/HTTP to a receiver of the test:
 * one download is one trace from the gateway's request through transfers and storage, the
 * downloaded event, notifications (and geo) to the mail to the sender.
 */
describe('one trace follows a download across processes', () => {
  const tag = randomBytes(3).toString('hex');
  let db: TestDatabase;
  let smtp: SmtpInbox;
  let receiver: OtlpReceiver;
  let dataDir: string;
  let api: string;
  const processes: ServiceProcess[] = [];
  const ports = { gateway: 0, storage: 0 };

  beforeAll(async () => {
    [db, smtp, receiver] = await Promise.all([createTestDatabase('trace_e2e'), startSmtpInbox(), startOtlpReceiver()]);
    [ports.gateway, ports.storage] = await Promise.all([freePort(), freePort()]);
    dataDir = mkdtempSync(join(tmpdir(), 'ferry-trace-'));
    const env = {
      ...journeyEnv({ db, smtp, natsUrl: TEST_NATS_URL, ports, dataDir }),
      NATS_PREFIX: `trace${tag}`,
      DOWNLOAD_MAIL_WINDOW_SECONDS: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    api = `http://127.0.0.1:${ports.gateway}/api/v1`;
    for (const name of Object.keys(JOURNEY_SERVICES) as JourneyService[]) {
      processes.push(startServiceProcess(`trace-${name}`, JOURNEY_SERVICES[name], { ...env, ...ownEnv(name, ports) }));
    }
    await waitForJourneyServices(api);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await receiver?.close();
    await smtp?.close();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('when Amira downloads, then one trace links the spans of gateway, transfers, storage-credentials, notifications and mail, and their logs carry its id', async () => {
    const senderEmail = `wei.${tag}@shenzhen.example`;
    const sent = await sendTransferToAmira(api, smtp, senderEmail);
    expect((await downloadPhotoFromDubai(api, sent)).status).toBe(200);
    await waitFor('the downloaded mail to the sender', () => smtp.mailsTo(senderEmail).find((m) => m.subject === 'amira@dubai.example downloaded site.jpg from Dubai'), 30_000);

    const root = await waitFor('the gateway span of the download', () =>
      receiver.spans.find((span) => span.service === 'gateway' && span.kind === SPAN_KIND_SERVER && span.name === 'HTTP POST /api/v1/public/transfers/:slug/downloads'),
    );
    expect(root.parentSpanId).toBe('');
    const spans = await waitFor('the whole trace, every span linked to its parent', () => completeTrace(receiver.spans, root), 30_000);
    const names = (service: JourneyService) => spans.filter((span) => span.service === service).map((span) => span.name);
    expect(names('notifications')).toContain('consume evt.transfer.downloaded');
    expect(names('mail')).toContain('consume evt.notification.created');
    expect(spans.some((span) => span.service === 'transfers' && span.scope === '@opentelemetry/instrumentation-pg')).toBe(true);
    // The event crossed the outbox: the consumer's parent is a span of the service that wrote it.
    const consumed = spans.find((span) => span.name === 'consume evt.transfer.downloaded')!;
    expect(spans.find((span) => span.spanId === consumed.parentSpanId)?.service).toBe('transfers');

    const traced = (name: JourneyService) => logLinesOf(`trace-${name}`).filter((line) => line['trace_id'] === root.traceId);
    expect(traced('notifications').length).toBeGreaterThan(0);
    expect(traced('mail').map((line) => line['msg'])).toContain('mail sent');
    expect(traced('gateway').map((line) => line['msg'])).toContain('request');
  });
});
