import type { Bus } from '@ferry/bus';
import type { RpcDef } from '@ferry/contracts';
import type { Knex } from 'knex';

export interface DomainLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What every transfers use case gets passed in. */
export interface TransfersDeps {
  db: Knex;
  bus: Bus;
  /** The web origin of links. */
  publicUrl: string;
  clock: () => Date;
  log: DomainLogger;
  /** Kicks the outbox relay after a transaction that wrote events commits. */
  eventsCommitted: () => void;
  purgeGraceMs: number;
  /** Refuses an address that looked up too many unknown slugs. */
  slugMisses: { check(ip: string | undefined): void; record(ip: string | undefined): void };
}

export type RpcRequest<R> = R extends RpcDef<infer TReq, infer _TRes> ? TReq : never;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** An extension adds 48 hours (PRODUCT.md section 9). */
export const EXTENSION_MS = 48 * HOUR_MS;
/** 'Expiring' = active with less than 2.2 days left. */
export const EXPIRING_MS = 2.2 * DAY_MS;
