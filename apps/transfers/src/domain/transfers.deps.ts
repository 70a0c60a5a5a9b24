import type { Bus } from '@ferry/bus';
import type { ServiceClock } from '@ferry/db';
import type { RpcDef } from '@ferry/contracts';
import type { ReceiptKeyRing } from './receipts/receipt-key-ring';
import type { PasswordAttemptStore, TransfersStore } from './transfers.ports';

export interface DomainLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Refuses an address that looked up too many unknown slugs. */
export interface SlugMissCounter {
  check(ip: string | undefined): Promise<void>;
  record(ip: string | undefined): Promise<void>;
}

/** What every transfers use case gets passed in. */
export interface TransfersDeps {
  store: TransfersStore;
  passwordAttempts: PasswordAttemptStore;
  /** Storage, identity and geo, asked over the bus. */
  bus: Pick<Bus, 'request'>;
  /** The web origin of links. */
  publicUrl: string;
  clock: () => Date;
  /** The test clock behind `clock` (FERRY_TEST_CLOCK=1), or real time that refuses to move. */
  testClock: Pick<ServiceClock, 'isTest' | 'now' | 'offsetMs' | 'move'>;
  log: DomainLogger;
  purgeGraceMs: number;
  slugMisses: SlugMissCounter;
  /** The Ed25519 keys delivery receipts are signed with. */
  receiptKeys: ReceiptKeyRing;
}

/** The request type of an RPC contract, as a use case receives it after validation. */
export type RpcRequest<R> = R extends RpcDef<infer TReq, infer _TRes> ? TReq : never;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** An extension adds 48 hours (PRODUCT.md section 9). */
export const EXTENSION_MS = 48 * HOUR_MS;
/** 'Expiring' = active with less than 2.2 days left. */
export const EXPIRING_MS = 2.2 * DAY_MS;
