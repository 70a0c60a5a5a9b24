export { startIdentity } from './identity.service';
export type { RunningIdentity, StartIdentityOptions } from './identity.service';
export { identityMigrations } from './store/migrations';
export { loadIdentityConfig, ZIdentityConfig } from './config';
export type { IdentityConfig } from './config';
