import { describe, expect, it } from 'vitest';
import { bestYearlySavingPercent, planCards, requestedPlan } from './pricing-plans';

describe('planCards', () => {
  it('monthly: Free, Personal, Pro, Business at 0/12/29/69 with the monthly codes', () => {
    expect(planCards('monthly').map(({ role, code, price }) => [role, code, price])).toEqual([
      ['free', 'Free', 0],
      ['personal', 'PM', 12],
      ['pro', 'PRM', 29],
      ['business', 'BM', 69],
    ]);
  });

  it('yearly: 108/228/588 with the yearly codes, the monthly equivalent and the saving', () => {
    const cards = planCards('yearly');
    expect(cards.map(({ code, price, perMonth }) => [code, price, perMonth])).toEqual([
      ['Free', 0, 0],
      ['PY', 108, 9],
      ['PRY', 228, 19],
      ['BY', 588, 49],
    ]);
    expect(cards.map((c) => c.yearlySavingPercent)).toEqual([0, 25, 34, 28]);
    expect(bestYearlySavingPercent()).toBe(34);
  });

  it('carries the package limits and the 7-day trial on paid plans only', () => {
    const [free, personal] = planCards('monthly');
    expect(free).toMatchObject({ uploadLimit: 3 * 1024 ** 3, storageLimit: 10 * 1024 ** 3, emailTo: 6, trialDays: 0 });
    expect(personal).toMatchObject({ uploadLimit: 10 * 1024 ** 3, emailTo: 21, trialDays: 7 });
  });
});

describe('requestedPlan', () => {
  it('reads codes case-insensitively, with their period, and role names without one', () => {
    expect(requestedPlan('free')).toEqual({ role: 'free', period: null });
    expect(requestedPlan('pry')).toEqual({ role: 'pro', period: 'yearly' });
    expect(requestedPlan('BM')).toEqual({ role: 'business', period: 'monthly' });
    expect(requestedPlan('personal')).toEqual({ role: 'personal', period: null });
  });

  it('ignores anything that is not a shown plan', () => {
    expect(requestedPlan(null)).toBeNull();
    expect(requestedPlan('teamelite')).toBeNull();
    expect(requestedPlan('gold')).toBeNull();
  });
});
