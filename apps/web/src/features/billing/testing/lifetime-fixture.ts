import type { TSubscription } from '@ferry/contracts';

/** A lifetime deal as billing answers it: PRY active for life, nothing to charge, no card. */
export function subscriptionOf(overrides: Partial<TSubscription> = {}): TSubscription {
  return {
    provider: 'local',
    planCode: 'PRY',
    status: 'active',
    trialEnd: null,
    trialDaysLeft: null,
    currentPeriodEnd: Date.UTC(9999, 11, 31),
    cancelAtPeriodEnd: false,
    nextPlanCode: null,
    nextCharge: null,
    card: null,
    seats: 2,
    isSumo: true,
    discount: null,
    ...overrides,
  };
}
