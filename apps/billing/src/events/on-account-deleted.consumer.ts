import { consumer, forgetPublishedEvents, type EventConsumer } from '@ferry/bus';
import { ACCOUNT_DELETED } from '@ferry/contracts';
import type { Knex } from '@ferry/db';
import { purgeBillingRows } from '../store/account-purge.store';

/**
 * A deleted account's subscription ends at once (at Stripe too, without a final invoice, when
 * Stripe runs it) and every billing row of the admin goes; no mail follows, the account is gone.
 */
export function onAccountDeleted(db: Knex, endProviderSubscription: ((adminId: string) => Promise<void>) | null): EventConsumer {
  return consumer(ACCOUNT_DELETED, {
    durable: 'billing--account-deleted',
    db,
    handle: async (event, { trx }) => {
      await endProviderSubscription?.(event.userId);
      await purgeBillingRows(trx, event.userId);
      // Nothing billing says about the user may still go out (a trial or receipt mail to a deleted account).
      await forgetPublishedEvents(trx, [event.userId, event.email], { unpublishedToo: true });
    },
  });
}
