import { AppError, UNKNOWN_LOCATION, type TGeoLocation } from '@ferry/contracts';
import { describe, expect, it, vi } from 'vitest';
import { resolvePlace } from './resolve-place';

const dubai: TGeoLocation = { known: true, countryCode: 'AE', country: 'United Arab Emirates', city: 'Dubai' };

describe('resolvePlace', () => {
  it('when the address is missing or not an address, then the place is unknown without asking geo', async () => {
    const lookup = vi.fn(async () => dubai);
    for (const ip of [null, '', 'localhost', '999.1.1.1', `1.2.3.4${' '.repeat(70)}`]) {
      await expect(resolvePlace(lookup, ip)).resolves.toEqual(UNKNOWN_LOCATION);
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it('when geo answers, then its place is used, for IPv4 and IPv6', async () => {
    const lookup = vi.fn(async () => dubai);
    await expect(resolvePlace(lookup, '94.200.0.1')).resolves.toEqual(dubai);
    await expect(resolvePlace(lookup, '2a00:1450:4001::1')).resolves.toEqual(dubai);
  });

  it('when geo refuses the address, then the place is unknown', async () => {
    const lookup = async () => {
      throw new AppError('VALIDATION_FAILED', { message: 'ip: bad' });
    };
    await expect(resolvePlace(lookup, '94.200.0.1')).resolves.toEqual(UNKNOWN_LOCATION);
  });

  it('when geo is down, slow or broken, then the error goes up so the event is retried', async () => {
    for (const error of [
      new AppError('SERVICE_UNAVAILABLE', { message: 'down' }),
      new AppError('SERVICE_TIMEOUT', { message: 'slow' }),
      new AppError('INTERNAL', { message: 'broken' }),
      new Error('socket hang up'),
    ]) {
      await expect(resolvePlace(async () => Promise.reject(error), '94.200.0.1')).rejects.toBe(error);
    }
  });
});
