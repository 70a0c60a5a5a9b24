export { startTransfers } from './transfers.service';
export type { StartTransfersOptions, RunningTransfers } from './transfers.service';
export { loadTransfersConfig } from './config';
export type { TransfersConfig } from './config';
export { transfersMigrations } from './store/migrations';
