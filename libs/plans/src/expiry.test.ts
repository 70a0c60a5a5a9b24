import { describe, expect, it } from 'vitest';
import {
  CUSTOM_EXPIRY_MARKER,
  DEFAULT_EXPIRY_SECONDS,
  EXPIRY_SECONDS,
  expiryChoicesFor,
  expiryNameOf,
  isCustomExpiryValid,
  isExpiryChoiceAllowed,
} from './expiry';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('expiryChoicesFor', () => {
  it('when listed, then the five choices come in order with their seconds', () => {
    expect(expiryChoicesFor('pro').map((choice) => [choice.seconds, choice.label])).toEqual([
      [604800, '1 Week'],
      [2629746, '1 Month'],
      [7889238, '3 Months'],
      [31536000, '1 Year'],
      [604801, 'Custom Date'],
    ]);
    expect(DEFAULT_EXPIRY_SECONDS).toBe(604800);
  });

  it.each(['free', 'Free', 'anon', 'undefined', 'nonsense'])('when the role is %s, then only 1 Week is enabled', (role) => {
    expect(expiryChoicesFor(role).filter((choice) => choice.isEnabled).map((choice) => choice.label)).toEqual(['1 Week']);
  });

  it('when the user subscribes, then every choice is enabled', () => {
    expect(expiryChoicesFor('PM').every((choice) => choice.isEnabled)).toBe(true);
  });

  it('when a choice is checked on the server, then disabled and unknown choices are refused', () => {
    expect(isExpiryChoiceAllowed('free', DEFAULT_EXPIRY_SECONDS)).toBe(true);
    expect(isExpiryChoiceAllowed('free', CUSTOM_EXPIRY_MARKER)).toBe(false);
    expect(isExpiryChoiceAllowed('pro', 31536000)).toBe(true);
    expect(isExpiryChoiceAllowed('pro', 12345)).toBe(false);
  });
});

describe('expiryNameOf', () => {
  it('when given a choice, then its name comes back; other numbers have none', () => {
    expect(expiryChoicesFor('pro').map((choice) => [choice.name, expiryNameOf(choice.seconds)])).toEqual([
      ['week', 'week'],
      ['month', 'month'],
      ['threeMonths', 'threeMonths'],
      ['year', 'year'],
      ['custom', 'custom'],
    ]);
    expect(EXPIRY_SECONDS).toEqual({ week: 604800, month: 2629746, threeMonths: 7889238, year: 31536000 });
    expect(expiryNameOf(12345)).toBeUndefined();
  });
});

describe('isCustomExpiryValid', () => {
  it.each([
    [29 * MINUTE, false],
    [30 * MINUTE, true],
    [365 * DAY, true],
    [365 * DAY + 1, false],
    [-DAY, false],
  ])('when the date is %d ms ahead, then valid is %s', (ahead, valid) => {
    expect(isCustomExpiryValid(new Date(NOW + ahead), new Date(NOW))).toBe(valid);
  });

  it('when given epoch milliseconds or an invalid date, then numbers work and invalid dates fail', () => {
    expect(isCustomExpiryValid(NOW + DAY, NOW)).toBe(true);
    expect(isCustomExpiryValid(new Date('not a date'), NOW)).toBe(false);
  });
});
