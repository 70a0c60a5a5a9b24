import type { Knex } from 'knex';

export interface ReceiptKeyRow {
  kid: string;
  publicX: string;
  privateSealed: string;
  createdAt: Date;
  retiredAt: Date | null;
}

export interface ReceiptKeyStore {
  /** Every key, oldest first. */
  all(): Promise<ReceiptKeyRow[]>;
  /** The key that signs now, if any. */
  signing(): Promise<ReceiptKeyRow | undefined>;
  /** Adds a signing key unless one exists (another replica may have won); true when this one was added. */
  addIfNone(key: Omit<ReceiptKeyRow, 'retiredAt'>): Promise<boolean>;
  /** Retires the signing key and adds `key` in its place, in one transaction; the retired kids. */
  rotate(key: Omit<ReceiptKeyRow, 'retiredAt'>): Promise<string[]>;
  /** Replaces the key's sealed private part, unless another replica already did (`from` no longer there). */
  reseal(kid: string, from: string, to: string): Promise<void>;
}

interface Row {
  kid: string;
  public_x: string;
  private_sealed: string;
  created_at: Date;
  retired_at: Date | null;
}

const toRow = (key: Omit<ReceiptKeyRow, 'retiredAt'>) => ({ kid: key.kid, public_x: key.publicX, private_sealed: key.privateSealed, created_at: key.createdAt, retired_at: null });
const fromRow = (row: Row): ReceiptKeyRow => ({ kid: row.kid, publicX: row.public_x, privateSealed: row.private_sealed, createdAt: row.created_at, retiredAt: row.retired_at });

export function createReceiptKeyStore(db: Knex): ReceiptKeyStore {
  return {
    async all() {
      const rows = await db<Row>('receipt_keys').select('*').orderBy('created_at', 'asc');
      return rows.map(fromRow);
    },
    async signing() {
      const row = await db<Row>('receipt_keys').whereNull('retired_at').first();
      return row ? fromRow(row) : undefined;
    },
    async addIfNone(key) {
      const added = await db.raw<{ rowCount: number }>(
        'insert into receipt_keys (kid, public_x, private_sealed, created_at, retired_at) values (?, ?, ?, ?, null) on conflict do nothing',
        [key.kid, key.publicX, key.privateSealed, key.createdAt],
      );
      return added.rowCount === 1;
    },
    async reseal(kid, from, to) {
      await db<Row>('receipt_keys').where({ kid, private_sealed: from }).update({ private_sealed: to });
    },
    async rotate(key) {
      return db.transaction(async (trx) => {
        const retired = await trx<Row>('receipt_keys').whereNull('retired_at').update({ retired_at: key.createdAt }).returning('kid');
        await trx<Row>('receipt_keys').insert(toRow(key));
        return retired.map((r) => r.kid);
      });
    },
  };
}
