import type { SubscriptionRecord } from './billing.ports';

/** A billing notice emitted at most once per subscription. */
export type NoticeKind = 'trial-ending';

export interface NoticeTables {
  /** Trialing subscriptions whose trial ends after `now` and by `until`, without the `trial-ending` notice yet. */
  listTrialsEnding(now: Date, until: Date, limit: number): Promise<SubscriptionRecord[]>;
  /** Records the notice; false when it was already recorded (nothing to emit then). */
  claimNotice(subscriptionId: string, kind: NoticeKind, now: Date): Promise<boolean>;
}
