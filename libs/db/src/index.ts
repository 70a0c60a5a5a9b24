export { openDb, isDbReady } from './open-db';
export type { OpenDbOptions } from './open-db';
export { MigrationList } from './migration';
export type { Migration } from './migration';
export type { Knex } from 'knex';
export { envTestClock, openServiceClock } from './test-clock';
export type { ServiceClock, ServiceClockOptions } from './test-clock';
