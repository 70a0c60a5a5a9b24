import { UNKNOWN_LOCATION } from '@ferry/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_GEO_DATABASES, openGeoLookup, type GeoLookup } from '../src/domain/geo-lookup';

const DUBAI = { known: true, countryCode: 'AE', country: 'United Arab Emirates', city: 'Dubai' };

describe('geo lookup on the bundled GeoLite2 data', () => {
  let geo: GeoLookup;

  beforeAll(async () => {
    geo = await openGeoLookup(BUNDLED_GEO_DATABASES);
  });

  it('when the address is in Dubai, then the city, the code and the English country name are known', () => {
    expect(geo.lookup('94.200.0.1')).toEqual(DUBAI);
  });

  it('when the database knows the country but no city, then the place is known with city "unknown"', () => {
    expect(geo.lookup('1.2.4.8')).toEqual({ known: true, countryCode: 'CN', country: 'China', city: 'unknown' });
  });

  it('when the address has spaces around it, then they are ignored', () => {
    expect(geo.lookup('  94.200.0.1\n')).toEqual(DUBAI);
  });

  it.each(['::ffff:94.200.0.1', '::FFFF:94.200.0.1', '::ffff:5ec8:1', '0:0:0:0:0:ffff:5ec8:0001'])(
    'when the address is the IPv4-mapped IPv6 form %s, then it is looked up as IPv4',
    (ip) => {
      expect(geo.lookup(ip)).toEqual(DUBAI);
    },
  );

  it('when the address is IPv6, then the IPv6 data answers', () => {
    expect(geo.lookup('2a00:1450:4001::1')).toMatchObject({ known: true, countryCode: 'DE', country: 'Germany' });
    expect(geo.lookup('2400:da00::6666')).toMatchObject({ known: true, countryCode: 'CN' });
  });

  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '192.0.2.1',
    '224.0.0.1',
    '255.255.255.255',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456::1',
    '2001:db8::1',
    'ff02::1',
  ])('when the address %s is private, loopback, link-local or reserved, then it is unknown', (ip) => {
    expect(geo.lookup(ip)).toEqual(UNKNOWN_LOCATION);
  });

  it.each(['', '   ', 'not an ip', '94.200.0', '94.200.0.1.5', '300.1.1.1', '94.200.0.1:443', '2a00:1450::4001::1', '[::1]', '<script>'])(
    'when the text %j is no IP address, then it is unknown',
    (ip) => {
      expect(geo.lookup(ip)).toEqual(UNKNOWN_LOCATION);
    },
  );

  it('when an unknown answer is changed by a caller, then later answers are not', () => {
    const answer = geo.lookup('10.0.0.1');
    answer.city = 'Springfield';
    expect(geo.lookup('10.0.0.1')).toEqual(UNKNOWN_LOCATION);
  });
});

describe('geo lookup on a database given by path', () => {
  it('when only the IPv4 file is given, then IPv4 still resolves and IPv6 is unknown rather than a wrong place', async () => {
    const ipv4Only = await openGeoLookup(BUNDLED_GEO_DATABASES.slice(0, 1));
    expect(ipv4Only.lookup('94.200.0.1')).toEqual(DUBAI);
    expect(ipv4Only.lookup('2a00:1450:4001::1')).toEqual(UNKNOWN_LOCATION);
  });

  it('when the file does not exist, then opening fails', async () => {
    await expect(openGeoLookup(['/nonexistent/geo.mmdb'])).rejects.toThrow(/nonexistent/);
  });
});
