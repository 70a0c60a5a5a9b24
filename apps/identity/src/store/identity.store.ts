import type { Knex } from 'knex';
import type { EventDef } from '@ferry/contracts';
import { writeEvent, type EventInput } from '@ferry/bus';
import type { IdentityStore, IdentityTx } from '../domain/identity.ports';
import { createEmailCodeStore } from './email-codes.store';
import { createFeedbackStore } from './feedback.store';
import { createPasswordResetStore } from './password-resets.store';
import { createRefreshTokenStore } from './refresh-tokens.store';
import { createTeamInviteStore } from './team-invites.store';
import { createUserStore } from './users.store';

export interface IdentityStoreOptions {
  /** Called after a transaction that wrote events commits (the outbox relay's kick). */
  onEventsCommitted?: () => void;
}

function createTableStores(db: Knex | Knex.Transaction) {
  return {
    ...createUserStore(db),
    ...createEmailCodeStore(db),
    ...createRefreshTokenStore(db),
    ...createPasswordResetStore(db),
    ...createTeamInviteStore(db),
    ...createFeedbackStore(db),
  };
}

/** identity's storage on its own schema; the only place that writes its SQL. */
export function createIdentityStore(db: Knex, options: IdentityStoreOptions = {}): IdentityStore {
  return {
    ...createTableStores(db),

    async transaction(work) {
      let wroteEvents = false;
      const result = await db.transaction(async (trx) => {
        const tx: IdentityTx = {
          ...createTableStores(trx),
          async emit<T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>): Promise<T> {
            wroteEvents = true;
            return writeEvent<T>(trx, event, input as EventInput<T>);
          },
        };
        return work(tx);
      });
      if (wroteEvents) options.onEventsCommitted?.();
      return result;
    },
  };
}
