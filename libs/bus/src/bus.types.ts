import type { Knex } from 'knex';
import type { EventDef, RpcDef } from '@ferry/contracts';

/** The slice of a pino logger the bus uses. */
export interface BusLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type MessageHeaders = Record<string, string>;

export interface RpcContext {
  /** Headers that came with the request (trace context, request id). */
  headers: MessageHeaders;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRpcDef = RpcDef<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEventDef = EventDef<any>;

/** One served RPC endpoint; build it with `serve(deps, rpc, useCase)` so request and reply are typed. */
export interface RpcHandler {
  rpc: AnyRpcDef;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  fn: (request: any, context: RpcContext) => Promise<any>;
}

export interface EventContext {
  /** The transaction the handler's writes go into; the inbox row shares it, the ack waits for its commit. */
  trx: Knex.Transaction;
  /** 1 on the first delivery. */
  deliveryCount: number;
  /**
   * The schema version the producer wrote (`Ferry-Event-Version`). A newer one than the consumer
   * knows is still handled: versions only add fields, and the consumer reads the ones it knows.
   */
  version: number;
  headers: MessageHeaders;
}

/** A durable, idempotent event consumer; build it with `consumer(event, options)`. */
export interface EventConsumer {
  event: AnyEventDef;
  /** Durable name `<service>--<event>`, also the inbox key. */
  durable: string;
  /** The consuming service's database (its schema holds the inbox table). */
  db: Knex;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handle: (event: any, context: EventContext) => Promise<void>;
  /** Deliveries before the event goes to `dlq.<durable>`; 8 by default. */
  maxDeliver: number;
  /** Wait before redelivery, by attempt (the last value repeats). */
  backoffMs: number[];
}

/** A live subscription made with `Bus.observe`. */
export interface EventObserver {
  /** Stops passing events on; events already being handled finish. */
  stop(): Promise<void>;
}

export interface RequestOptions {
  timeoutMs?: number;
  headers?: MessageHeaders;
}

/**
 * The one messaging interface every service uses. Two transports implement it:
 * NATS (request/reply + JetStream) and in-process (single-process `npm start`).
 */
export interface Bus {
  /** Calls an RPC; the request is validated before sending and the reply after receiving. A remote AppError is rethrown as an AppError. */
  request<TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq, options?: RequestOptions): Promise<TRes>;
  /** Serves RPC endpoints in the service's queue group. */
  serve(service: string, handlers: RpcHandler[]): Promise<void>;
  /** Starts durable consumers (streams and consumers are created idempotently). */
  consume(consumers: EventConsumer[]): Promise<void>;
  /**
   * Passes every event of one subject published from now on to `handler`, in every process that
   * observes it: no queue group, no durable consumer, no inbox, no ack, no redelivery. For live
   * pushes (the gateway's SSE streams), never for state: an event published while nobody observes
   * is not seen, a republished event id is passed on once. Invalid events are logged and dropped;
   * a handler that throws is logged.
   */
  observe<T extends { eventId: string }>(event: EventDef<T>, handler: (event: T) => void | Promise<void>): Promise<EventObserver>;
  /** Publishes one event with `Nats-Msg-Id` = eventId; the outbox relay is its only caller. */
  publishEvent(subject: string, eventId: string, payload: unknown, headers: MessageHeaders): Promise<void>;
  /** True while the transport can carry messages (for /readyz). */
  isReady(): boolean;
  /** Stops taking new work, lets handlers in flight finish, then closes. */
  drain(): Promise<void>;
}
