export { startBilling } from './billing.service';
export type { BillingServiceDeps, RunningBilling } from './billing.service';
export { billingMigrations } from './store/billing.migrations';
export { loadBillingConfig, ZBillingConfig } from './config';
export type { BillingConfig } from './config';
