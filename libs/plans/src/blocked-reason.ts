import { formatBytes } from './format-bytes';
import { PLAN_NAMES } from './plan-table';
import { getPlanLimits } from './plan-limits';
import type { TBlockedNotice, TBlockedReason, TStorageState } from './plans.types';

export interface BlockedReasonInput {
  /** The user's status: unpaid (the default at signup, not a block), active, trialing, past_due, revoke, canceled. */
  status: string | null | undefined;
  /** The payment provider's subscription status, when there is a subscription. */
  subscriptionStatus?: string | null;
  storageState: TStorageState;
}

/**
 * Why a user may not send right now, most serious first: a suspended account, an unpaid
 * subscription (shown as an expired trial), a cancelled subscription, full storage.
 * The user status 'unpaid' alone is every new account's default and blocks nothing.
 */
export function blockedReason(input: BlockedReasonInput): TBlockedReason | null {
  if (input.status === 'revoke') return 'suspended';
  const subscription = input.subscriptionStatus;
  if (subscription === 'past_due' || subscription === 'unpaid' || input.status === 'past_due') return 'trialExpired';
  if (input.status === 'canceled') return 'subscriptionOver';
  if (input.storageState === 'full') return 'storageFull';
  return null;
}

const UPGRADE = { label: 'Upgrade your plan', kind: 'upgrade' } as const;

/** Title, message and action of the free-limit screen for a block. */
export function blockedNotice(reason: TBlockedReason, roleOrPlanCode: string | null | undefined): TBlockedNotice {
  const { role, storageLimit } = getPlanLimits(roleOrPlanCode);
  switch (reason) {
    case 'trialExpired':
      return { reason, title: 'Your trial has expired', message: 'Add a payment method to keep sending.', action: UPGRADE };
    case 'storageFull':
      return {
        reason,
        title: 'Your storage is now full',
        message: `Your ${PLAN_NAMES[role]} plan includes ${formatBytes(storageLimit)} of storage.`,
        action: UPGRADE,
      };
    case 'suspended':
      return {
        reason,
        title: 'Your account is suspended',
        message: 'Contact support to find out why.',
        action: { label: 'Contact support', kind: 'contactSupport' },
      };
    case 'subscriptionOver':
      return { reason, title: 'Your subscription is over', message: 'Choose a plan to keep sending.', action: UPGRADE };
  }
}
