import { describe, expect, it } from 'vitest';
import { toPublicAddress } from './public-address';

describe('toPublicAddress', () => {
  it.each([
    ['94.200.0.1', '94.200.0.1', 4],
    [' 94.200.0.1 ', '94.200.0.1', 4],
    ['::ffff:94.200.0.1', '94.200.0.1', 4],
    ['::ffff:5ec8:1', '94.200.0.1', 4],
    ['0:0:0:0:0:FFFF:5EC8:0001', '94.200.0.1', 4],
    ['2a00:1450:4001::1', '2a00:1450:4001::1', 6],
  ] as const)('when given %j, then it is searched as %s (IPv%i)', (text, address, family) => {
    expect(toPublicAddress(text)).toEqual({ address, family });
  });

  it.each([
    ['100.63.255.255', '100.64.0.0', '100.127.255.255', '100.128.0.0'],
    ['172.15.255.255', '172.16.0.0', '172.31.255.255', '172.32.0.0'],
    ['198.17.255.255', '198.18.0.0', '198.19.255.255', '198.20.0.0'],
    ['223.255.255.255', '224.0.0.0', '255.255.255.255', null],
    ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe00::'],
    ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::'],
  ])('when an address is just outside or inside a reserved network (%s .. %s .. %s .. %s), then only the inside is refused', (before, first, last, after) => {
    expect(toPublicAddress(before)).not.toBeNull();
    expect(toPublicAddress(first)).toBeNull();
    expect(toPublicAddress(last)).toBeNull();
    if (after) expect(toPublicAddress(after)).not.toBeNull();
  });

  it.each(['::ffff:192.168.0.1', '::ffff:c0a8:1', '::ffff:100.64.0.1', '::1', '::', 'fe80::1%eth0', 'fe80::abcd'])(
    'when %s is private, loopback or link-local, then there is nothing to search',
    (text) => {
      expect(toPublicAddress(text)).toBeNull();
    },
  );
});
