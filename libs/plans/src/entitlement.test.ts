import { describe, expect, it } from 'vitest';
import { entitledPlan } from './entitlement';
import { getPlanLimits } from './plan-limits';

describe('entitledPlan', () => {
  it('gives a paid plan only while its subscription is trialing or active', () => {
    expect(entitledPlan('PRY', 'trialing')).toBe('PRY');
    expect(entitledPlan('BM', 'active')).toBe('BM');
    for (const status of ['unpaid', 'past_due', 'canceled', 'revoke', null, undefined]) expect(entitledPlan('PRY', status)).toBe('Free');
  });

  it('leaves the free tiers as they are', () => {
    expect(entitledPlan('Free', 'active')).toBe('Free');
    expect(entitledPlan('free', 'unpaid')).toBe('free');
    expect(entitledPlan('anon', null)).toBe('anon');
  });

  it('holds a paid signup without a subscription to the Free limits', () => {
    expect(getPlanLimits(entitledPlan('PRY', 'unpaid'))).toEqual(getPlanLimits('Free'));
  });
});
