import { AppError, toValidationError, type EventDef, type RpcDef, type TAppErrorJson } from '@ferry/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import { headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { SpanKind, SpanStatusCode, context as otelContext, trace } from '@opentelemetry/api';
import type { Bus, BusLogger, EventConsumer, EventObserver, MessageHeaders, RequestOptions, RpcHandler } from './bus.types';
import { deadLetterSubject, deliverToConsumer } from './consumer-delivery';
import { measureRpcCall, watchConsumerLag } from './bus-metrics';
import { createObserverDelivery } from './event-observer';
import { connectNats, type NatsCredentials } from './nats-connection';
import { natsNames } from './nats-names';
import { createEventSealer, sealedFieldsOf } from './event-sealing';
import { SERVICE_ERROR_CODE_HEADER, SERVICE_ERROR_HEADER, SERVICE_TIMEOUT_MESSAGE, SERVICE_UNAVAILABLE_MESSAGE, noRespondersError, readRpcReply, runRpcHandler, type RpcReply } from './rpc-codec';
import { extractTraceContext, injectTraceHeaders } from './trace-headers';

export interface NatsBusOptions {
  /** Connection name shown by the server (the service's name). */
  name: string;
  /** NATS_PREFIX: an environment's own streams and subjects on a shared NATS; none by default. */
  prefix?: string;
  log: BusLogger;
  /** JetStream dedupe window for Nats-Msg-Id; 2 minutes by default. */
  duplicateWindowMs?: number;
  /** How long events stay in the stream. */
  eventMaxAgeMs?: number;
  /** How long a delivery may take before JetStream redelivers it. */
  ackWaitMs?: number;
  /**
   * Key for the sealed fields of events (EVENT_SEAL_KEY). Without it, publishing an event
   * that has sealed fields fails and such an event cannot be read: secrets never go out in clear.
   */
  sealKey?: string;
  /** EVENT_SEAL_KEY_PREVIOUS: during a rotation, events sealed with it are still opened (never sealed with). */
  sealKeyPrevious?: string;
  /** The service's NATS user, token or creds file, and the CA for TLS (NATS_USER, NATS_TLS_CA…). */
  credentials?: NatsCredentials;
  /**
   * NATS_STREAM_REPLICAS: copies of each stream JetStream keeps, 1 by default; 3 on a three-node cluster,
   * so events survive the loss of a node. An existing stream is brought to this count at start.
   */
  streamReplicas?: number;
}

export { DEAD_LETTER_STREAM, EVENT_STREAM } from './nats-names';

const tracer = trace.getTracer('ferry');
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const ms = (value: number) => value * 1_000_000;

function toNatsHeaders(values: MessageHeaders): MsgHdrs {
  const h = natsHeaders();
  for (const [key, value] of Object.entries(values)) h.set(key, value);
  return h;
}

function fromNatsHeaders(h: MsgHdrs | undefined): MessageHeaders {
  const out: MessageHeaders = {};
  if (!h) return out;
  for (const key of h.keys()) out[key] = h.get(key);
  return out;
}

function decodeJson(data: Uint8Array): unknown {
  return data.length === 0 ? null : JSON.parse(decoder.decode(data));
}

async function ensureStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string; subjects: string[]; num_replicas: number }): Promise<void> {
  const existing = await jsm.streams.info(config.name).catch(() => null);
  if (existing) {
    // A release that asks for more (or fewer) copies gets them; JetStream moves the data itself.
    if (existing.config.num_replicas !== config.num_replicas) await jsm.streams.update(config.name, { ...existing.config, num_replicas: config.num_replicas });
    return;
  }
  try {
    await jsm.streams.add(config);
  } catch (error) {
    // another service created it between our look and our add
    await jsm.streams.info(config.name).catch(() => {
      throw error;
    });
  }
}

/** Connects to NATS and returns the bus: core request/reply for RPCs, JetStream for events. */
export async function connectNatsBus(url: string, options: NatsBusOptions): Promise<Bus> {
  const { log } = options;
  const names = natsNames(options.prefix);
  const nc: NatsConnection = await connectNats(url, options.name, options.credentials);
  const replicas = options.streamReplicas ?? 1;
  const jsm = await jetstreamManager(nc);
  const js: JetStreamClient = jetstream(nc);
  await ensureStream(jsm, {
    name: names.eventStream,
    subjects: [names.wire('evt.>')],
    duplicate_window: ms(options.duplicateWindowMs ?? 120_000),
    max_age: ms(options.eventMaxAgeMs ?? 7 * 24 * 3600_000),
    num_replicas: replicas,
  });
  await ensureStream(jsm, { name: names.deadLetterStream, subjects: [names.wire('dlq.>')], max_age: ms(30 * 24 * 3600_000), num_replicas: replicas });

  const sealer = options.sealKey ? createEventSealer(options.sealKey, { previous: options.sealKeyPrevious }) : null;
  const subscriptions: Subscription[] = [];
  const consumerLoops: Array<{ messages: ConsumerMessages; done: Promise<void> }> = [];
  const stopWatchingLag: Array<() => void> = [];
  const inFlight = new Set<Promise<unknown>>();
  let draining = false;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  async function answer(handler: RpcHandler, msg: Msg): Promise<void> {
    const headers = fromNatsHeaders(msg.headers);
    await tracer.startActiveSpan(
      `serve ${handler.rpc.subject}`,
      { kind: SpanKind.SERVER },
      extractTraceContext(headers),
      async (span) => {
        let reply: RpcReply;
        try {
          reply = await runRpcHandler(handler.rpc, (req) => handler.fn(req, { headers }), decodeJson(msg.data), log);
        } catch (error) {
          reply = { ok: false, error: new AppError('VALIDATION_FAILED', { message: 'Request is not JSON' }).toJSON() };
          log.warn({ err: error, subject: handler.rpc.subject }, 'unreadable request');
        }
        if (reply.ok) {
          msg.respond(encoder.encode(JSON.stringify(reply.data)));
        } else {
          span.setStatus({ code: SpanStatusCode.ERROR, message: reply.error.code });
          msg.respond(encoder.encode(JSON.stringify({ error: reply.error })), {
            headers: toNatsHeaders({ [SERVICE_ERROR_HEADER]: reply.error.message, [SERVICE_ERROR_CODE_HEADER]: String(reply.error.status) }),
          });
        }
        span.end();
      },
    );
  }

  /** The payload of an event message, its sealed fields opened; undefined (and logged) when it cannot be read. */
  function readEvent(data: Uint8Array, headers: MessageHeaders, logContext: object): unknown {
    try {
      const raw = decodeJson(data);
      if (sealedFieldsOf(headers).length === 0) return raw;
      if (!sealer) throw new Error('a sealed event arrived and EVENT_SEAL_KEY is not set');
      return sealer.open(raw, headers);
    } catch (error) {
      log.error({ err: error, ...logContext }, 'event could not be read');
      return undefined;
    }
  }

  async function runConsumer(consumer: EventConsumer, messages: ConsumerMessages): Promise<void> {
    for await (const m of messages) {
      await track(handleDelivery(consumer, m));
    }
  }

  async function handleDelivery(consumer: EventConsumer, m: JsMsg): Promise<void> {
    const headers = fromNatsHeaders(m.headers);
    const raw = readEvent(m.data, headers, { consumer: consumer.durable });
    // A slow handler (an SMTP server taking its time) tells JetStream it is still working,
    // so the message is not redelivered to another replica while this one runs.
    const heartbeat = setInterval(() => m.working(), Math.max(1_000, Math.floor((options.ackWaitMs ?? 30_000) / 3)));
    let outcome: Awaited<ReturnType<typeof deliverToConsumer>>;
    try {
      outcome = await deliverToConsumer(consumer, raw, headers, m.info.deliveryCount, log);
    } finally {
      clearInterval(heartbeat);
    }
    if (outcome.action === 'ack') {
      m.ack();
    } else if (outcome.action === 'retry') {
      m.nak(outcome.delayMs);
    } else {
      try {
        await js.publish(names.wire(deadLetterSubject(consumer.durable)), m.data, {
          headers: toNatsHeaders({ ...headers, 'Ferry-Dead-Letter-Reason': outcome.reason, 'Ferry-Original-Subject': m.subject }),
        });
        m.term(outcome.reason);
      } catch (error) {
        log.error({ err: error, consumer: consumer.durable }, 'could not dead-letter; will retry');
        m.nak(5_000);
      }
    }
  }

  const ackWait = ms(options.ackWaitMs ?? 30_000);

  /**
   * Makes the durable consumer, or brings an existing one's settings up to date: a release that
   * changes `maxDeliver` or the ack wait takes effect, it is not silently ignored.
   */
  async function ensureConsumer(consumer: EventConsumer): Promise<void> {
    const existing = await jsm.consumers.info(names.eventStream, consumer.durable).catch(() => null);
    if (existing) {
      if (existing.config.max_deliver !== consumer.maxDeliver || existing.config.ack_wait !== ackWait) {
        await jsm.consumers.update(names.eventStream, consumer.durable, { max_deliver: consumer.maxDeliver, ack_wait: ackWait });
        log.info({ consumer: consumer.durable, maxDeliver: consumer.maxDeliver, ackWaitMs: options.ackWaitMs ?? 30_000 }, 'consumer settings updated');
      }
      return;
    }
    await jsm.consumers.add(names.eventStream, {
      durable_name: consumer.durable,
      filter_subject: names.wire(consumer.event.subject),
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_deliver: consumer.maxDeliver,
      ack_wait: ackWait,
    }).catch(async (error: unknown) => {
      // Another replica made it at the same moment.
      await jsm.consumers.info(names.eventStream, consumer.durable).catch(() => {
        throw error;
      });
    });
  }

  const bus: Bus = {
    async request<TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq, requestOptions: RequestOptions = {}): Promise<TRes> {
      return measureRpcCall(rpc.subject, () => tracer.startActiveSpan(`rpc ${rpc.subject}`, { kind: SpanKind.CLIENT }, async (span) => {
        try {
          const checked = rpc.request.safeParse(request);
          if (!checked.success) throw toValidationError(checked.error, 'request');
          const headers = injectTraceHeaders({ ...requestOptions.headers }, trace.setSpan(otelContext.active(), span));
          let msg: Msg;
          try {
            msg = await nc.request(names.wire(rpc.subject), encoder.encode(JSON.stringify(checked.data)), {
              timeout: requestOptions.timeoutMs ?? rpc.timeoutMs,
              headers: toNatsHeaders(headers),
            });
          } catch (error) {
            const text = String((error as Error)?.message ?? error);
            if (/no responders|503/i.test(text) || (error as { code?: string }).code === '503') throw noRespondersError();
            if (/timeout/i.test(text)) throw new AppError('SERVICE_TIMEOUT', { message: SERVICE_TIMEOUT_MESSAGE });
            throw new AppError('SERVICE_UNAVAILABLE', { message: SERVICE_UNAVAILABLE_MESSAGE, cause: error });
          }
          const body = decodeJson(msg.data);
          const isError = msg.headers?.has(SERVICE_ERROR_CODE_HEADER) ?? false;
          const reply: RpcReply = isError
            ? { ok: false, error: (body as { error: TAppErrorJson }).error }
            : { ok: true, data: body };
          return readRpcReply<TRes>(rpc, reply);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      }));
    },

    async serve(service: string, handlers: RpcHandler[]) {
      for (const handler of handlers) {
        if (handler.rpc.service !== service) throw new Error(`${handler.rpc.subject} does not belong to service ${service}`);
        const sub = nc.subscribe(names.wire(handler.rpc.subject), {
          queue: service,
          callback: (error, msg) => {
            if (error) {
              log.error({ err: error, subject: handler.rpc.subject }, 'subscription error');
              return;
            }
            void track(answer(handler, msg));
          },
        });
        subscriptions.push(sub);
      }
      await nc.flush();
    },

    async consume(consumers: EventConsumer[]) {
      for (const consumer of consumers) {
        await ensureConsumer(consumer);
        stopWatchingLag.push(
          watchConsumerLag(consumer.durable, async () => {
            const info = await jsm.consumers.info(names.eventStream, consumer.durable);
            return info.num_pending + info.num_ack_pending;
          }),
        );
        const handle = await js.consumers.get(names.eventStream, consumer.durable);
        // Pulls expire every 10 s (heartbeats every 5 s): when the node leading the consumer is lost,
        // the pull waiting there is noticed as missed heartbeats and made again on the new leader
        // within about 10 s, not the 30 s of the default.
        const messages = await handle.consume({ max_messages: 16, expires: 10_000 });
        const done = runConsumer(consumer, messages).catch((error: unknown) => {
          if (!draining) log.error({ err: error, consumer: consumer.durable }, 'consumer loop stopped');
        });
        consumerLoops.push({ messages, done });
      }
    },

    // A core subscription without a queue group: JetStream's publish is an ordinary message on the
    // subject, so every observing replica sees it as it goes into the stream.
    async observe<T extends { eventId: string }>(event: EventDef<T>, handler: (event: T) => void | Promise<void>): Promise<EventObserver> {
      const deliver = createObserverDelivery(event, handler, log);
      const sub = nc.subscribe(names.wire(event.subject), {
        callback: (error, msg) => {
          if (error) {
            log.error({ err: error, subject: event.subject }, 'subscription error');
            return;
          }
          void track(deliver(readEvent(msg.data, fromNatsHeaders(msg.headers), { subject: event.subject })));
        },
      });
      subscriptions.push(sub);
      await nc.flush();
      return {
        async stop() {
          const at = subscriptions.indexOf(sub);
          if (at >= 0) subscriptions.splice(at, 1);
          if (!sub.isClosed()) sub.unsubscribe();
        },
      };
    },

    async publishEvent(subject: string, eventId: string, payload: unknown, headers: MessageHeaders) {
      let wire = payload;
      if (sealedFieldsOf(headers).length > 0) {
        if (!sealer) throw new Error(`EVENT_SEAL_KEY is required to publish ${subject}`);
        wire = sealer.seal(payload, headers);
      }
      await js.publish(names.wire(subject), encoder.encode(JSON.stringify(wire)), { msgID: eventId, headers: toNatsHeaders(headers) });
    },

    isReady() {
      return !draining && !nc.isClosed() && !nc.isDraining();
    },

    async drain() {
      if (draining) return;
      draining = true;
      for (const stop of stopWatchingLag) stop();
      await Promise.allSettled(subscriptions.map((sub) => sub.drain()));
      for (const loop of consumerLoops) await loop.messages.close().catch(() => undefined);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await Promise.allSettled(consumerLoops.map((loop) => loop.done));
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
  return bus;
}
