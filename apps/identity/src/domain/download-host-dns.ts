import { Resolver } from 'node:dns/promises';

/** What a CNAME lookup of a host found: its targets, no CNAME there, or no answer at all. */
export type CnameAnswer = { kind: 'found'; targets: string[] } | { kind: 'none' } | { kind: 'failed' };
export type CnameLookup = (host: string) => Promise<CnameAnswer>;

/** "No such name" and "no record of that type" mean the record is not there; anything else, no answer. */
const NOT_THERE = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

export const normalizeHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/**
 * CNAME lookups through the given DNS servers (`DNS_SERVERS`, "ip" or "ip:port"; the system's
 * when none), 3 s a try, two tries.
 */
export function createCnameLookup(servers: readonly string[]): CnameLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (host) => {
    try {
      const targets = await resolver.resolveCname(host);
      return targets.length > 0 ? { kind: 'found', targets: targets.map(normalizeHost) } : { kind: 'none' };
    } catch (error) {
      return NOT_THERE.has(String((error as { code?: string }).code)) ? { kind: 'none' } : { kind: 'failed' };
    }
  };
}

/** What a TXT lookup found: each record's strings joined, no record there, or no answer at all. */
export type TxtAnswer = { kind: 'found'; records: string[] } | { kind: 'none' } | { kind: 'failed' };
export type TxtLookup = (name: string) => Promise<TxtAnswer>;

/** TXT lookups through the same servers as the CNAME lookups. */
export function createTxtLookup(servers: readonly string[]): TxtLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      const records = (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
      return records.length > 0 ? { kind: 'found', records } : { kind: 'none' };
    } catch (error) {
      return NOT_THERE.has(String((error as { code?: string }).code)) ? { kind: 'none' } : { kind: 'failed' };
    }
  };
}
