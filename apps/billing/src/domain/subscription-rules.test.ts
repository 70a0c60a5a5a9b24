import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from './billing.ports';
import { trialDaysLeft } from './subscription-rules';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-12-01T00:00:00Z');
const trialing = (trialEndMs: number): SubscriptionRecord => ({
  id: 's1', adminId: 'a1', planCode: 'PRM', status: 'trialing', trialEnd: new Date(trialEndMs), currentPeriodStart: NOW,
  currentPeriodEnd: new Date(trialEndMs), cancelAtPeriodEnd: false, nextPlanCode: null, discount: null,
});

describe('trial days left', () => {
  it("when Stripe's clock is a second ahead of ours, then a 7-day trial just started still has 7 days left, not 8", () => {
    expect(trialDaysLeft(trialing(NOW.getTime() + 7 * DAY_MS + 999), NOW)).toBe(7);
    expect(trialDaysLeft(trialing(NOW.getTime() + 7 * DAY_MS), NOW)).toBe(7);
  });

  it('when part of a day is left, then it counts as a day; when the end has passed, then 0; without a trial, then none', () => {
    expect(trialDaysLeft(trialing(NOW.getTime() + 6 * DAY_MS + 3_600_000), NOW)).toBe(7);
    expect(trialDaysLeft(trialing(NOW.getTime() + 3_600_000), NOW)).toBe(1);
    expect(trialDaysLeft(trialing(NOW.getTime() - 1), NOW)).toBe(0);
    expect(trialDaysLeft({ ...trialing(NOW.getTime()), status: 'active' }, NOW)).toBeNull();
  });
});
