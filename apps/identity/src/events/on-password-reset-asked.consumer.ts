import { consumer, type EventConsumer } from '@ferry/bus';
import { PASSWORD_RESET_ASKED } from '@ferry/contracts';
import type { Knex } from 'knex';
import type { IdentityDeps } from '../domain/identity.deps';
import { sendPasswordReset } from '../domain/send-password-reset';
import { createIdentityTx } from '../store/identity.store';

/** Issues the reset token and asks for the mail, for reset requests of addresses that have an account. */
export function onPasswordResetAsked(deps: IdentityDeps, db: Knex): EventConsumer {
  return consumer(PASSWORD_RESET_ASKED, {
    durable: 'identity--password-reset-asked',
    db,
    handle: (event, { trx }) => sendPasswordReset(deps, createIdentityTx(trx), event),
  });
}
