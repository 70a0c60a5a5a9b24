import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { TReceiptKeySet } from '@ferry/contracts';
import { generateReceiptKey, receiptPrivateKey, type ReceiptSigningKey } from '@ferry/receipts';
import type { ReceiptKeyRow, ReceiptKeyStore } from '../../store/receipt-keys.store';

/** The signing key, kept in memory this long so a rotation reaches every replica within a minute. */
const SIGNING_KEY_TTL_MS = 60_000;

export interface ReceiptKeyRing {
  /** The key that signs now (made on first use). */
  signingKey(): Promise<ReceiptSigningKey>;
  /** Every public key, retired ones included: `/.well-known/ferry-receipt-keys.json`. */
  published(): Promise<TReceiptKeySet>;
  /** A new signing key; the old one is retired but stays published. */
  rotate(): Promise<{ kid: string; retired: string[] }>;
}

function sealKeyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'ferry-transfers', 'receipt-signing-key-seal', 32));
}

function seal(key: Buffer, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function open(key: Buffer, sealed: string): Buffer {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('a sealed receipt key is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/**
 * Receipt keys at rest are sealed with a key derived from EVENT_SEAL_KEY (a secret every transfers
 * replica already has); after the seal key rotates, keys sealed with EVENT_SEAL_KEY_PREVIOUS still open,
 * and the signing key is sealed again under the new one the first time it is used.
 */
export function createReceiptKeyRing(store: ReceiptKeyStore, secrets: { sealKey: string; sealKeyPrevious?: string | undefined }, clock: () => Date): ReceiptKeyRing {
  const sealKeys = [secrets.sealKey, secrets.sealKeyPrevious].filter((s): s is string => typeof s === 'string').map(sealKeyOf);
  let cached: { key: ReceiptSigningKey; until: number } | undefined;

  /**
   * The signing key's private part. Sealed under EVENT_SEAL_KEY_PREVIOUS (the seal key has rotated), it
   * is sealed again under EVENT_SEAL_KEY, so that EVENT_SEAL_KEY_PREVIOUS can be dropped later.
   */
  async function unseal(row: ReceiptKeyRow): Promise<ReceiptSigningKey> {
    for (const [index, key] of sealKeys.entries()) {
      let der: Buffer;
      try {
        der = open(key, row.privateSealed);
      } catch {
        continue;
      }
      if (index > 0) await store.reseal(row.kid, row.privateSealed, seal(sealKeys[0] as Buffer, der));
      return { kid: row.kid, privateKey: receiptPrivateKey(der) };
    }
    throw new Error(`receipt key ${row.kid} opens with neither EVENT_SEAL_KEY nor EVENT_SEAL_KEY_PREVIOUS`);
  }

  function newKey() {
    const { privateKeyDer, x } = generateReceiptKey();
    const createdAt = clock();
    const kid = `${createdAt.toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
    return { kid, publicX: x, privateSealed: seal(sealKeys[0] as Buffer, privateKeyDer), createdAt };
  }

  return {
    async signingKey() {
      if (cached && cached.until > Date.now()) return cached.key;
      let row = await store.signing();
      if (!row) {
        await store.addIfNone(newKey());
        row = await store.signing();
      }
      if (!row) throw new Error('no receipt signing key could be made');
      cached = { key: await unseal(row), until: Date.now() + SIGNING_KEY_TTL_MS };
      return cached.key;
    },
    async published() {
      const rows = await store.all();
      return {
        keys: rows.map((row) => ({
          kid: row.kid,
          kty: 'OKP' as const,
          crv: 'Ed25519' as const,
          x: row.publicX,
          alg: 'EdDSA' as const,
          use: 'sig' as const,
          createdAt: row.createdAt.toISOString(),
          retiredAt: row.retiredAt ? row.retiredAt.toISOString() : null,
        })),
      };
    },
    async rotate() {
      const key = newKey();
      const retired = await store.rotate(key);
      cached = undefined;
      return { kid: key.kid, retired };
    },
  };
}
