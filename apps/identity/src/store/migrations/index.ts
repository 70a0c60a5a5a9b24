import type { Migration } from '@ferry/db';
import { createIdentityTables } from './20261123090000_create_identity_tables';
import { bindEmailVerifications } from './20261123110000_bind_email_verifications';
import { createFeedback } from './20261201090000_create_feedback';

/** identity's schema history, in order; `openDb` runs them at boot. */
export const identityMigrations: Migration[] = [createIdentityTables, bindEmailVerifications, createFeedback];
