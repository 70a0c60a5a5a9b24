import type { EventSealer } from '@ferry/bus';
import type { CnameLookup, TxtLookup } from './download-host-dns';
import type { RpcDef } from '@ferry/contracts';
import type { IdentityKeys } from './identity-keys';
import type { IdentityStore, LoginThrottleStore } from './identity.ports';

/** The slice of the service logger the domain writes security notes to. */
export interface DomainLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** What every identity use case gets passed in. */
export interface IdentityDeps {
  store: IdentityStore;
  loginThrottles: LoginThrottleStore;
  keys: IdentityKeys;
  /** The time; tests move it to expire codes and tokens. */
  clock: () => Date;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  log: DomainLogger;
  /** Custom download hosts: the CNAME target companies point their host at, Ferry's own origin, and the DNS lookup. */
  downloadHosts: {
    /** Ferry's CNAME base; each company points at its own name under it (`targetOf`). */
    cnameTarget: string;
    /** The company's own CNAME target, `<proof>.<cnameTarget>`: only that company can verify a host pointing there. */
    targetOf(companyId: string): string;
    publicUrl: string;
    lookup: CnameLookup;
  };
  /**
   * Custom sending domains: the TXT lookup, the SPF include companies add, and the sealer of their DKIM
   * keys (EVENT_SEAL_KEY, opening with EVENT_SEAL_KEY_PREVIOUS too); `currentSealer` knows only
   * EVENT_SEAL_KEY: a key it cannot open is sealed again (resealSendingDomainKeys).
   */
  sendingDomains: { lookupTxt: TxtLookup; spfInclude: string; sealer: EventSealer; currentSealer: EventSealer };
  /** Publishes the committed outbox now (the relay's flush); a revocation answers only after it. */
  publishPending: () => Promise<void>;
}

/** The request type of an RPC contract, as a use case receives it after validation. */
export type RpcRequest<R> = R extends RpcDef<infer TReq, infer _TRes> ? TReq : never;

/** Who is calling, as the gateway saw it. */
export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
