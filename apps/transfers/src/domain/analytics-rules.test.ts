import { describe, expect, it } from 'vitest';
import { storageSummary, windowStart, zeroFilledDays } from './analytics-rules';

describe('zeroFilledDays', () => {
  const now = new Date('2026-03-02T23:30:00.000Z');

  it('when some days had downloads, then every day of the window is listed oldest first with 0 for the quiet ones', () => {
    expect(zeroFilledDays([{ date: '2026-02-28', count: 3 }, { date: '2026-03-02', count: 1 }], now, 4)).toEqual([
      { date: '2026-02-27', count: 0 },
      { date: '2026-02-28', count: 3 },
      { date: '2026-03-01', count: 0 },
      { date: '2026-03-02', count: 1 },
    ]);
  });

  it('when the window is one day, then it is today (UTC) alone', () => {
    expect(zeroFilledDays([], now, 1)).toEqual([{ date: '2026-03-02', count: 0 }]);
  });

  it('when counts fall outside the window, then they are not listed', () => {
    const days = zeroFilledDays([{ date: '2026-01-01', count: 9 }], now, 30);
    expect(days).toHaveLength(30);
    expect(days.every((d) => d.count === 0)).toBe(true);
    expect([days[0]?.date, days[29]?.date]).toEqual(['2026-02-01', '2026-03-02']);
  });

  it('when the window crosses a leap day, then the day is there', () => {
    expect(zeroFilledDays([], new Date('2028-03-01T00:00:00.000Z'), 2).map((d) => d.date)).toEqual(['2028-02-29', '2028-03-01']);
  });
});

describe('windowStart', () => {
  it('when asked for 30 days, then it is midnight UTC 29 days before today', () => {
    expect(windowStart(new Date('2026-03-02T23:30:00.000Z'), 30).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});

describe('storageSummary', () => {
  const free = 10 * 1024 ** 3;

  it('when under 90% of the plan is used, then the state is ok', () => {
    expect(storageSummary('free', 1024)).toMatchObject({ usedBytes: 1024, limitBytes: free, state: 'ok' });
  });

  it('when 90% is reached, then it is almost full, and full from 100%', () => {
    expect(storageSummary('free', Math.ceil(free * 0.9)).state).toBe('almostFull');
    expect(storageSummary('free', free - 1).state).toBe('almostFull');
    expect(storageSummary('free', free).state).toBe('full');
  });

  it('when the role is a plan code, then its role’s allowance applies', () => {
    expect(storageSummary('PRM', 0)).toMatchObject({ limitBytes: 200 * 1024 ** 3, limit: '200 GB', state: 'ok' });
  });
});
