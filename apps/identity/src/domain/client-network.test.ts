import { describe, expect, it } from 'vitest';
import { networkOf, UNKNOWN_NETWORK } from './client-network';

describe('networkOf', () => {
  it('when the address is IPv4, then its /24', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.1')).toBe(networkOf('203.0.113.254'));
    expect(networkOf('203.0.114.1')).not.toBe(networkOf('203.0.113.1'));
  });

  it('when the address is IPv4-mapped IPv6, then the /24 of the IPv4 address', () => {
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
  });

  it('when the address is IPv6, then its /64 whatever the spelling', () => {
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::/64');
    expect(networkOf('2001:0DB8:ABCD:0012:ffff:1:2:3')).toBe('2001:db8:abcd:12::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('2001:db8:abcd:13::1')).not.toBe(networkOf('2001:db8:abcd:12::1'));
  });

  it('when there is no usable address, then the unknown network', () => {
    expect(networkOf(undefined)).toBe(UNKNOWN_NETWORK);
    expect(networkOf('')).toBe(UNKNOWN_NETWORK);
    expect(networkOf('not an ip')).toBe(UNKNOWN_NETWORK);
  });
});
