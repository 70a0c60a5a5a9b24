import type { Migration } from '@ferry/db';

/**
 * The Ed25519 keys delivery receipts are signed with: one signs at a time, retired ones stay so
 * receipts they signed still verify. Private keys are kept sealed (AES-256-GCM), never in clear.
 */
export const createReceiptKeys: Migration = {
  name: '20261216090000_create_receipt_keys',
  async up(knex) {
    await knex.schema.createTable('receipt_keys', (t) => {
      t.text('kid').primary();
      /** The public key, the JWK's `x` (base64url). */
      t.text('public_x').notNullable();
      /** The PKCS#8 private key sealed with a key derived from EVENT_SEAL_KEY: iv.tag.ciphertext, base64url. */
      t.text('private_sealed').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('retired_at', { useTz: true });
    });
    // At most one key signs at a time, however many replicas create one at once.
    await knex.raw('create unique index receipt_keys_one_signing on receipt_keys ((true)) where retired_at is null');
  },
};
