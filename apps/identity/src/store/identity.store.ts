import type { Knex } from 'knex';
import type { EventDef } from '@ferry/contracts';
import { writeEvent, type EventInput } from '@ferry/bus';
import type { IdentityStore, IdentityTx } from '../domain/identity.ports';
import { createAccountLifecycleStore } from './account-lifecycle.store';
import { createApiTokenStore } from './api-tokens.store';
import { createEmailCodeStore } from './email-codes.store';
import { createFeedbackStore } from './feedback.store';
import { createPasswordResetStore } from './password-resets.store';
import { createRefreshTokenStore } from './refresh-tokens.store';
import { createHousekeepingStore } from './housekeeping.store';
import { createSessionRevocationStore } from './session-revocations.store';
import { createTeamInviteStore } from './team-invites.store';
import { createUserStore } from './users.store';
import { createBrandStore } from './brands.store';
import { createDownloadHostStore } from './download-hosts.store';
import { createSendingDomainStore } from './sending-domains.store';
import { createUserSettingsStore } from './user-settings.store';

export interface IdentityStoreOptions {
  /** Called after a transaction that wrote events commits (the outbox relay's kick). */
  onEventsCommitted?: () => void;
}

function createTableStores(db: Knex | Knex.Transaction) {
  return {
    ...createUserStore(db),
    ...createBrandStore(db),
    ...createDownloadHostStore(db),
    ...createSendingDomainStore(db),
    ...createAccountLifecycleStore(db),
    ...createUserSettingsStore(db),
    ...createApiTokenStore(db),
    ...createSessionRevocationStore(db),
    ...createHousekeepingStore(db),
    ...createEmailCodeStore(db),
    ...createRefreshTokenStore(db),
    ...createPasswordResetStore(db),
    ...createTeamInviteStore(db),
    ...createFeedbackStore(db),
  };
}

/** identity's storage inside a transaction opened elsewhere (an event consumer's); `onEmit` hears of each event written. */
export function createIdentityTx(trx: Knex.Transaction, onEmit: () => void = () => undefined): IdentityTx {
  return {
    ...createTableStores(trx),
    async emit<T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>): Promise<T> {
      onEmit();
      return writeEvent<T>(trx, event, input as EventInput<T>);
    },
  };
}

/** identity's storage on its own schema; the only place that writes its SQL. */
export function createIdentityStore(db: Knex, options: IdentityStoreOptions = {}): IdentityStore {
  return {
    ...createTableStores(db),

    async transaction(work) {
      let wroteEvents = false;
      const result = await db.transaction(async (trx) =>
        work(
          createIdentityTx(trx, () => {
            wroteEvents = true;
          }),
        ),
      );
      if (wroteEvents) options.onEventsCommitted?.();
      return result;
    },
  };
}
