import { BlockList, isIP } from 'node:net';

/** An address some place on the public internet can own, in the form a geo database is searched by. */
export interface PublicAddress {
  address: string;
  family: 4 | 6;
}

/** Networks no country owns: private, loopback, link-local, CGNAT, documentation, multicast, reserved. */
const UNPLACEABLE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  UNPLACEABLE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  UNPLACEABLE.addSubnet(network, prefix, 'ipv6');
}

const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** The IPv4 address inside `::ffff:a.b.c.d` or `::ffff:xxxx:yyyy` (its last 32 bits). */
function unmapIpv4(address: string): string {
  const tail = address.slice(address.lastIndexOf(':') + 1);
  if (tail.includes('.')) return tail;
  const groups = address.split(':').slice(-2).map((group) => Number.parseInt(group || '0', 16));
  return groups.flatMap((group) => [group >> 8, group & 0xff]).join('.');
}

/**
 * The address to look `text` up by, or null when no database can place it: not an IP at all,
 * or in a network that belongs to no country. IPv4-mapped IPv6 addresses become IPv4.
 */
export function toPublicAddress(text: string): PublicAddress | null {
  // A zone index (`fe80::1%eth0`) names a local interface, never part of the address.
  let address = text.trim().split('%')[0] ?? '';
  let family = isIP(address);
  if (family === 6 && IPV4_MAPPED.check(address, 'ipv6')) {
    address = unmapIpv4(address);
    family = 4;
  }
  if (family !== 4 && family !== 6) return null;
  if (UNPLACEABLE.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
  return { address, family };
}
