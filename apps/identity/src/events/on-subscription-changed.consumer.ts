import { consumer, type EventConsumer } from '@ferry/bus';
import { SUBSCRIPTION_CHANGED } from '@ferry/contracts';
import type { Knex } from 'knex';
import { applySubscriptionChange } from '../domain/apply-subscription-change';
import type { IdentityDeps } from '../domain/identity.deps';
import { createIdentityTx } from '../store/identity.store';

/** Billing's entitlement changes, applied to the admin and the team (once per event: the inbox). */
export function onSubscriptionChanged(deps: IdentityDeps, db: Knex): EventConsumer {
  return consumer(SUBSCRIPTION_CHANGED, {
    durable: 'identity--subscription-changed',
    db,
    handle: (event, { trx }) => applySubscriptionChange(deps, createIdentityTx(trx), event),
  });
}
