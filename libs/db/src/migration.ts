import type { Knex } from 'knex';

/** A named migration; names sort by time (`20261122120000_create_users`). */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/** Serves an in-code list of migrations to knex, so bundled services need no migration folder. */
export class MigrationList implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}

  async getMigrations(): Promise<Migration[]> {
    return [...this.migrations].sort((a, b) => a.name.localeCompare(b.name));
  }

  getMigrationName(migration: Migration): string {
    return migration.name;
  }

  async getMigration(migration: Migration): Promise<Knex.Migration> {
    return {
      up: (knex) => migration.up(knex),
      down: (knex) => (migration.down ? migration.down(knex) : Promise.resolve()),
    };
  }
}
