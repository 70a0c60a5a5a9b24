export { startAllInOne } from './all-in-one';
export type { RunningFerry } from './all-in-one';
export { loadAllInOneConfig, ZAllInOneConfig } from './config';
export type { AllInOneConfig } from './config';
