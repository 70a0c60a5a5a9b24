import type { EventDef, RpcDef } from '@ferry/contracts';
import type { Knex } from 'knex';
import type { EventConsumer, EventContext, RpcContext, RpcHandler } from './bus.types';

/** A typed RPC endpoint: `handle(IDENTITY_RPC.login, (req) => login(deps, req))`. */
export function handle<TReq, TRes>(
  rpc: RpcDef<TReq, TRes>,
  fn: (request: TReq, context: RpcContext) => Promise<TRes>,
): RpcHandler {
  return { rpc, fn };
}

export interface ConsumerOptions<T> {
  /** `<service>--<event>`, e.g. `mail--email-code-requested`. */
  durable: string;
  db: Knex;
  handle: (event: T, context: EventContext) => Promise<void>;
  maxDeliver?: number;
  backoffMs?: number[];
}

/** A typed, durable, idempotent consumer of one event. */
export function consumer<T extends { eventId: string }>(event: EventDef<T>, options: ConsumerOptions<T>): EventConsumer {
  if (!/^[a-z][a-z0-9-]*--[a-z][a-z0-9-]*$/.test(options.durable)) {
    throw new Error(`Durable name must be <service>--<event>: ${options.durable}`);
  }
  return {
    event,
    durable: options.durable,
    db: options.db,
    handle: options.handle as EventConsumer['handle'],
    maxDeliver: options.maxDeliver ?? 8,
    backoffMs: options.backoffMs ?? [500, 2_000, 5_000, 15_000, 30_000],
  };
}
