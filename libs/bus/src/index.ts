export type {
  Bus,
  BusLogger,
  EventConsumer,
  EventContext,
  EventObserver,
  MessageHeaders,
  RequestOptions,
  RpcContext,
  RpcHandler,
} from './bus.types';
export { serve, consumer } from './handler-builders';
export { isNoResponders } from './rpc-codec';
export type { ConsumerOptions } from './handler-builders';
export { writeEvent } from './outbox';
export { forgetPublishedEvents } from './outbox-forget';
export type { EventInput } from './outbox';
export { startOutboxRelay } from './outbox-relay';
export type { OutboxRelay, OutboxRelayOptions } from './outbox-relay';
export { createInProcessBus } from './in-process-bus';
export type { InProcessBusOptions } from './in-process-bus';
export { connectNatsBus } from './nats-bus';
export type { NatsBusOptions } from './nats-bus';
export { injectTraceHeaders, extractTraceContext } from './trace-headers';
export { createEventSealer, SEALED_FIELDS_HEADER } from './event-sealing';
export type { EventSealer, EventSealerOptions } from './event-sealing';
export { listDeadLetters, replayDeadLetters } from './dead-letters';
export type { DeadLetter, DeadLetterOptions } from './dead-letters';
export { requestRpcOnce } from './admin-rpc';
export type { AdminNatsOptions } from './jetstream-admin';
export type { NatsCredentials } from './nats-connection';
export { listConsumerLag } from './consumer-lag';
export type { ConsumerLag } from './consumer-lag';
export { listOutboxBacklogs } from './outbox-backlog';
export type { OutboxBacklog } from './outbox-backlog';
export { natsNames, NATS_PREFIX_PATTERN } from './nats-names';
export type { NatsNames } from './nats-names';
export { withFreshClock, consumersWithFreshClock } from './fresh-clock';
export type { RefreshableClock } from './fresh-clock';
