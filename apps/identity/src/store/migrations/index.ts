import type { Migration } from '@ferry/db';
import { createIdentityTables } from './20261123090000_create_identity_tables';
import { bindEmailVerifications } from './20261123110000_bind_email_verifications';
import { createFeedback } from './20261201090000_create_feedback';
import { createSessionRevocations } from './20261202090000_session_revocations';
import { throttleAccounts } from './20261202120000_throttle_accounts';

/** identity's schema history, in order; `openDb` runs them at boot. */
export const identityMigrations: Migration[] = [createIdentityTables, bindEmailVerifications, createFeedback, createSessionRevocations, throttleAccounts];
