import type { EventDef, RpcDef } from '@ferry/contracts';
import type { Knex } from 'knex';
import type { EventConsumer, EventContext, RpcContext, RpcHandler } from './bus.types';

/**
 * The one way a service serves an RPC: `serve(deps, IDENTITY_RPC.login, login)`. The bus validates
 * the request against the contract before the use case runs (and the reply after), so a use case
 * receives a typed, parsed request and never parses it again.
 */
export function serve<TDeps, TReq, TRes>(
  deps: TDeps,
  rpc: RpcDef<TReq, TRes>,
  useCase: (deps: TDeps, request: TReq, context: RpcContext) => Promise<TRes>,
): RpcHandler {
  return { rpc, fn: (request: TReq, context: RpcContext) => useCase(deps, request, context) };
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
