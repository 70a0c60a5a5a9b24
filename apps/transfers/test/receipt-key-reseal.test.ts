import { createPublicKey } from 'node:crypto';
import { openDb, type Knex } from '@ferry/db';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiptKeyRing } from '../src/domain/receipts/receipt-key-ring';
import { transfersMigrations } from '../src/index';
import { createReceiptKeyStore } from '../src/store/receipt-keys.store';

const OLD_KEY = 'the-seal-key-before-the-rotation-32-chars';
const NEW_KEY = 'the-seal-key-after-the-rotation-32-chars!';
const publicX = (key: { privateKey: Parameters<typeof createPublicKey>[0] }) => (createPublicKey(key.privateKey).export({ format: 'jwk' }) as { x: string }).x;

describe('the receipt signing key after an EVENT_SEAL_KEY rotation', () => {
  let testDb: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    testDb = await createTestDatabase('transfers_receipt_reseal');
    db = await openDb(testDb.url, { schema: 'transfers', migrations: transfersMigrations });
  });
  afterAll(async () => {
    await db?.destroy();
    await testDb?.drop();
  });

  it('when transfers runs with the new key and the old one as previous, then the signing key is sealed again and the new key alone opens it', async () => {
    const store = createReceiptKeyStore(db);
    const before = await createReceiptKeyRing(store, { sealKey: OLD_KEY }, () => new Date()).signingKey();
    const sealedBefore = (await store.signing())?.privateSealed;

    const during = await createReceiptKeyRing(store, { sealKey: NEW_KEY, sealKeyPrevious: OLD_KEY }, () => new Date()).signingKey();
    expect(during.kid).toBe(before.kid);
    expect((await store.signing())?.privateSealed).not.toBe(sealedBefore);

    // EVENT_SEAL_KEY_PREVIOUS dropped: the same key still signs.
    const after = await createReceiptKeyRing(store, { sealKey: NEW_KEY }, () => new Date()).signingKey();
    expect(after.kid).toBe(before.kid);
    expect(publicX(after)).toBe(publicX(before));
    await expect(createReceiptKeyRing(store, { sealKey: OLD_KEY }, () => new Date()).signingKey()).rejects.toThrow(/opens with neither/);
  });
});
