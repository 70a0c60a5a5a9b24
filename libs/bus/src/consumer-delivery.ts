import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { BusLogger, EventConsumer, MessageHeaders } from './bus.types';
import { recordEventConsumed } from './bus-metrics';
import { eventVersionOf } from './event-version';
import { extractTraceContext } from './trace-headers';

/** What the transport does with a delivery once the handler has run. */
export type DeliveryOutcome =
  | { action: 'ack'; duplicate: boolean }
  | { action: 'retry'; delayMs: number; error: unknown }
  | { action: 'dead-letter'; reason: string; error?: unknown };

const tracer = trace.getTracer('ferry');

/**
 * Applies one delivery of an event to a consumer, exactly once per event id:
 * the inbox row and the handler's writes share one transaction, and the caller
 * acks only after it committed. A failed handler rolls everything back.
 */
export async function deliverToConsumer(
  consumer: EventConsumer,
  raw: unknown,
  headers: MessageHeaders,
  deliveryCount: number,
  log: BusLogger,
): Promise<DeliveryOutcome> {
  const outcome = await applyDelivery(consumer, raw, headers, deliveryCount, log);
  recordEventConsumed(consumer.durable, outcome.action === 'ack' ? (outcome.duplicate ? 'duplicate' : 'ack') : outcome.action === 'retry' ? 'retry' : 'dead_letter');
  return outcome;
}

async function applyDelivery(
  consumer: EventConsumer,
  raw: unknown,
  headers: MessageHeaders,
  deliveryCount: number,
  log: BusLogger,
): Promise<DeliveryOutcome> {
  const version = eventVersionOf(headers);
  const parsed = consumer.event.schema.safeParse(raw);
  if (!parsed.success) {
    log.error({ consumer: consumer.durable, version, knownVersion: consumer.event.version, issues: parsed.error.issues }, 'event failed validation; dead-lettered');
    return { action: 'dead-letter', reason: 'invalid payload' };
  }
  if (version > consumer.event.version) {
    // Services deploy one at a time: a producer may already write fields this consumer does not know.
    log.debug({ consumer: consumer.durable, version, knownVersion: consumer.event.version }, 'newer event version; handled with the fields this consumer knows');
  }
  const event = parsed.data as { eventId: string };
  return tracer.startActiveSpan(
    `consume ${consumer.event.subject}`,
    { kind: SpanKind.CONSUMER, attributes: { 'ferry.event.version': version, 'messaging.consumer': consumer.durable, 'messaging.message.id': event.eventId, 'messaging.delivery': deliveryCount } },
    extractTraceContext(headers),
    async (span) => {
      try {
        let duplicate = false;
        await consumer.db.transaction(async (trx) => {
          const inserted = await trx('inbox')
            .insert({ consumer: consumer.durable, event_id: event.eventId })
            .onConflict(['consumer', 'event_id'])
            .ignore()
            .returning('event_id');
          if (inserted.length === 0) {
            duplicate = true;
            return;
          }
          await consumer.handle(event, { trx, deliveryCount, version, headers });
        });
        span.setAttribute('messaging.duplicate', duplicate);
        return { action: 'ack', duplicate } as const;
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        if (deliveryCount >= consumer.maxDeliver) {
          log.error({ consumer: consumer.durable, eventId: event.eventId, err: error, deliveryCount }, 'handler failed for the last time; dead-lettered');
          return { action: 'dead-letter', reason: 'max deliveries reached', error } as const;
        }
        const delays = consumer.backoffMs;
        const delayMs = delays[Math.min(deliveryCount - 1, delays.length - 1)] ?? 1_000;
        log.warn({ consumer: consumer.durable, eventId: event.eventId, err: error, deliveryCount, delayMs }, 'handler failed; will retry');
        return { action: 'retry', delayMs, error } as const;
      } finally {
        span.end();
      }
    },
  );
}

/** Subject where a consumer's undeliverable events are kept for inspection. */
export function deadLetterSubject(durable: string): string {
  return `dlq.${durable}`;
}
