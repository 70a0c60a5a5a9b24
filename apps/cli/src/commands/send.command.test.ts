import { describe, expect, it } from 'vitest';
import { parseExpiry } from './send.command';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

describe('ferry send --expiry', () => {
  it.each([
    ['7d', 604_800],
    ['1W', 604_800],
    ['30d', 2_629_746],
    ['1m', 2_629_746],
    ['90d', 7_889_238],
    ['3m', 7_889_238],
    ['365d', 31_536_000],
    ['1y', 31_536_000],
  ])('when the user types %s, then the product choice of %d seconds is sent', (value, seconds) => {
    expect(parseExpiry(value, NOW)).toEqual({ expirySeconds: seconds });
  });

  it('when the user types a future date, then it is a custom expiry at that date', () => {
    expect(parseExpiry('2027-01-31T18:00:00Z', NOW)).toEqual({ expirySeconds: 604_801, expiryDate: Date.UTC(2027, 0, 31, 18, 0, 0) });
  });

  it.each(['2w', '2020-01-01', 'tomorrow'])('when the user types %s, then it is a usage error naming the choices', (value) => {
    expect(() => parseExpiry(value, NOW)).toThrow(/--expiry must be one of 7d, 1w, 30d, 1m, 90d, 3m, 365d, 1y/);
  });
});
