import { isIPv4, isIPv6 } from 'node:net';

/** Where callers without a known address are counted together. */
export const UNKNOWN_NETWORK = 'unknown';

/**
 * The network a client address belongs to, as failure counters group it: the /24 of an IPv4
 * address, the /64 of an IPv6 one (what one subscriber or host usually holds). IPv4-mapped
 * IPv6 addresses count as IPv4.
 */
export function networkOf(ip: string | undefined): string {
  if (!ip) return UNKNOWN_NETWORK;
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return UNKNOWN_NETWORK;
  const prefix = expandIPv6(address).slice(0, 4);
  return `${prefix.map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, '::' filled in. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  const withV4Tail = (groups: string[]) => {
    const last = groups[groups.length - 1];
    if (!last || !isIPv4(last)) return groups;
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  const left = withV4Tail(groupsOf(head));
  if (tail === undefined) return left;
  const right = withV4Tail(groupsOf(tail));
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}
