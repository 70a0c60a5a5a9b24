import { AppError, type EventDef, type RpcDef } from '@ferry/contracts';
import { SpanKind, context as otelContext, trace } from '@opentelemetry/api';
import { measureRpcCall } from './bus-metrics';
import type { Bus, BusLogger, EventConsumer, EventObserver, MessageHeaders, RequestOptions, RpcHandler } from './bus.types';
import { deadLetterSubject, deliverToConsumer } from './consumer-delivery';
import { createObserverDelivery } from './event-observer';
import { SERVICE_TIMEOUT_MESSAGE, SERVICE_UNAVAILABLE_MESSAGE, noRespondersError, readRpcReply, runRpcHandler } from './rpc-codec';
import { extractTraceContext, injectTraceHeaders } from './trace-headers';

export interface InProcessBusOptions {
  log: BusLogger;
  /** Same meaning as JetStream's duplicate window: a repeated event id inside it is dropped. */
  duplicateWindowMs?: number;
  /** Published events kept so a consumer that starts later still gets them, like a stream. */
  retainEvents?: number;
}

interface PublishedEvent {
  subject: string;
  eventId: string;
  payload: unknown;
  headers: MessageHeaders;
}

const tracer = trace.getTracer('ferry');

/**
 * The bus for the single-process mode: the same interface, validation, error
 * semantics and consumer guarantees (inbox, ack after commit, retries with backoff,
 * dead letters) as the NATS transport, without a broker. Events live in memory.
 */
export function createInProcessBus(options: InProcessBusOptions): Bus & { deadLetters: PublishedEvent[] } {
  const { log } = options;
  const duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
  const retainEvents = options.retainEvents ?? 10_000;
  const handlers = new Map<string, RpcHandler>();
  const consumers: EventConsumer[] = [];
  /** Event ids every consumer has taken (acked or dead-lettered), with when: the dedupe window. */
  const delivered = new Map<string, number>();
  const deliveries = new Map<string, number>();
  const retained: PublishedEvent[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const deadLetters: PublishedEvent[] = [];
  const observers = new Set<{ subject: string; deliver: (raw: unknown) => Promise<void> }>();
  let draining = false;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  /** One delivery to one consumer; the count per (consumer, event) survives republishing. */
  async function deliverOnce(consumer: EventConsumer, event: PublishedEvent): Promise<'done' | 'retry'> {
    const key = `${consumer.durable}|${event.eventId}`;
    const deliveryCount = (deliveries.get(key) ?? 0) + 1;
    deliveries.set(key, deliveryCount);
    const outcome = await deliverToConsumer(consumer, structuredClone(event.payload), event.headers, deliveryCount, log);
    if (outcome.action === 'retry') return 'retry';
    deliveries.delete(key);
    if (outcome.action === 'dead-letter') deadLetters.push({ ...event, subject: deadLetterSubject(consumer.durable) });
    return 'done';
  }

  /** Replays retained events to a consumer that started late, retrying on its own timers. */
  function replay(consumer: EventConsumer, event: PublishedEvent): void {
    if (draining) return;
    void track(
      deliverOnce(consumer, event).then((result) => {
        if (result === 'done' || draining) return;
        const attempt = deliveries.get(`${consumer.durable}|${event.eventId}`) ?? 1;
        const delays = consumer.backoffMs;
        const timer = setTimeout(() => {
          timers.delete(timer);
          replay(consumer, event);
        }, delays[Math.min(attempt - 1, delays.length - 1)] ?? 1_000);
        timers.add(timer);
      }),
    );
  }

  return {
    deadLetters,

    async request<TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq, requestOptions: RequestOptions = {}): Promise<TRes> {
      const handler = handlers.get(rpc.subject);
      if (!handler) throw noRespondersError();
      if (draining) throw new AppError('SERVICE_UNAVAILABLE', { message: SERVICE_UNAVAILABLE_MESSAGE });
      return measureRpcCall(rpc.subject, () => tracer.startActiveSpan(`rpc ${rpc.subject}`, { kind: SpanKind.CLIENT }, async (span) => {
        try {
          const headers = injectTraceHeaders({ ...requestOptions.headers }, trace.setSpan(otelContext.active(), span));
          const wire = JSON.parse(JSON.stringify(request ?? null)) as unknown;
          const served = tracer.startActiveSpan(
            `serve ${rpc.subject}`,
            { kind: SpanKind.SERVER },
            extractTraceContext(headers),
            async (serverSpan) => {
              try {
                return await runRpcHandler(rpc, (req) => handler.fn(req, { headers }), wire, log);
              } finally {
                serverSpan.end();
              }
            },
          );
          const timeoutMs = requestOptions.timeoutMs ?? rpc.timeoutMs;
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new AppError('SERVICE_TIMEOUT', { message: SERVICE_TIMEOUT_MESSAGE })), timeoutMs);
          });
          try {
            const reply = await Promise.race([track(served), timeout]);
            return readRpcReply<TRes>(rpc, JSON.parse(JSON.stringify(reply)));
          } finally {
            clearTimeout(timer);
          }
        } finally {
          span.end();
        }
      }));
    },

    async serve(service: string, served: RpcHandler[]) {
      for (const handler of served) {
        if (handler.rpc.service !== service) {
          throw new Error(`${handler.rpc.subject} does not belong to service ${service}`);
        }
        handlers.set(handler.rpc.subject, handler);
      }
    },

    async consume(added: EventConsumer[]) {
      for (const consumer of added) {
        if (consumers.some((c) => c.durable === consumer.durable)) continue;
        consumers.push(consumer);
        for (const event of retained.filter((e) => e.subject === consumer.event.subject)) replay(consumer, event);
      }
    },

    async observe<T extends { eventId: string }>(event: EventDef<T>, handler: (event: T) => void | Promise<void>): Promise<EventObserver> {
      const observer = { subject: event.subject, deliver: createObserverDelivery(event, handler, log) };
      observers.add(observer);
      return {
        async stop() {
          observers.delete(observer);
        },
      };
    },

    /**
     * Delivers to every consumer before answering, like a broker that acks only once the
     * event is durable: if a consumer must retry, this throws, the outbox row stays
     * unpublished and the relay publishes it again (consumers that already applied it skip
     * it through their inbox). Nothing is lost when the process stops in between.
     */
    async publishEvent(subject: string, eventId: string, payload: unknown, headers: MessageHeaders) {
      if (draining) throw new AppError('SERVICE_UNAVAILABLE', { message: SERVICE_UNAVAILABLE_MESSAGE });
      // Like JetStream, which has a stream for `evt.>` only, anything else is refused.
      if (!/^evt\.[a-z0-9-]+\.[a-z0-9-]+$/.test(subject)) {
        throw new AppError('SERVICE_UNAVAILABLE', { message: `No event stream takes subject "${subject}"` });
      }
      const now = Date.now();
      // `>=`: a window of 0 keeps nothing, even an event delivered in this same millisecond.
      for (const [id, at] of delivered) if (now - at >= duplicateWindowMs) delivered.delete(id);
      if (delivered.has(eventId)) return;
      const event: PublishedEvent = { subject, eventId, payload: structuredClone(payload), headers: { ...headers } };
      if (!retained.some((e) => e.eventId === eventId)) {
        retained.push(event);
        if (retained.length > retainEvents) retained.shift();
        // Observers see the first publication at once, like a core NATS subscriber, whatever the consumers do.
        for (const observer of observers) {
          if (observer.subject === subject) void track(observer.deliver(structuredClone(event.payload)));
        }
      }
      const targets = consumers.filter((c) => c.event.subject === subject);
      const results = await track(
        otelContext.with(extractTraceContext(headers), () => Promise.all(targets.map((consumer) => deliverOnce(consumer, event)))),
      );
      if (results.includes('retry')) {
        throw new AppError('SERVICE_UNAVAILABLE', { message: 'A consumer could not apply the event yet' });
      }
      delivered.set(eventId, Date.now());
    },

    isReady() {
      return !draining;
    },

    async drain() {
      draining = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
