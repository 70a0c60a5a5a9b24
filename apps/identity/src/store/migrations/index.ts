import type { Migration } from '@ferry/db';
import { createIdentityTables } from './20261123090000_create_identity_tables';
import { bindEmailVerifications } from './20261123110000_bind_email_verifications';
import { createFeedback } from './20261201090000_create_feedback';
import { createSessionRevocations } from './20261202090000_session_revocations';
import { throttleAccounts } from './20261202120000_throttle_accounts';
import { planChanges } from './20261203090000_plan_changes';
import { createApiTokens } from './20261214090000_create_api_tokens';
import { inviteResends } from './20261210090000_invite_resends';
import { createUserSettings } from './20261211090000_create_user_settings';
import { accountLifecycle } from './20261213090000_account_lifecycle';
import { createBrands } from './20261212090000_create_brands';
import { createDownloadHosts } from './20261215090000_create_download_hosts';
import { createSendingDomains } from './20261215100000_create_sending_domains';

/** identity's schema history, in order; `openDb` runs them at boot. */
export const identityMigrations: Migration[] = [createIdentityTables, bindEmailVerifications, createFeedback, createSessionRevocations, throttleAccounts, planChanges, inviteResends, createUserSettings, createApiTokens, accountLifecycle, createBrands, createDownloadHosts, createSendingDomains];
