import type { TSubscription } from '@ferry/contracts';

const DAY = 86_400_000;
/** 2026-12-01T12:00Z: the fixtures' "now". */
export const NOW = Date.UTC(2026, 11, 1, 12);

/** A Pro yearly subscription in its trial (5 days left), card 4242 on file. */
export function subscriptionFixture(overrides: Partial<TSubscription> = {}): TSubscription {
  return {
    provider: 'local',
    planCode: 'PRY',
    status: 'trialing',
    trialEnd: NOW + 5 * DAY,
    trialDaysLeft: 5,
    currentPeriodEnd: NOW + 5 * DAY,
    cancelAtPeriodEnd: false,
    nextPlanCode: null,
    nextCharge: { amount: 19_900, currency: 'usd', at: NOW + 5 * DAY },
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 },
    seats: 1,
    isSumo: false,
    ...overrides,
  };
}

/** No subscription yet (Free, or the card step not done). */
export const NO_SUBSCRIPTION = subscriptionFixture({
  planCode: 'Free',
  status: 'none',
  trialEnd: null,
  trialDaysLeft: null,
  currentPeriodEnd: null,
  nextCharge: null,
  card: null,
});
