import { describe, expect, it } from 'vitest';
import { requestExpiryDate, toExpiryDays } from './request-expiry';

describe('request expiry', () => {
  it('when a number of days is chosen, then the expiry is that many days from now; 0 sends none', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(requestExpiryDate(7, now)).toBe(Date.UTC(2026, 11, 2, 12));
    expect(requestExpiryDate(0, now)).toBeNull();
  });

  it('when the select holds an unknown value, then the default (14 days) is used', () => {
    expect(toExpiryDays('30')).toBe(30);
    expect(toExpiryDays('5')).toBe(14);
  });
});
