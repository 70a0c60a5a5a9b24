import { describe, expect, it } from 'vitest';
import type { TReceipt, TReceiptKeySet } from '@ferry/contracts';
import { canonicalJson } from './canonical-json';
import { generateReceiptKey, receiptPrivateKey, signReceipt, verifyReceipt } from './receipt-signing';

const SHA = 'a'.repeat(64);
const receipt: TReceipt = {
  type: 'ferry.delivery-receipt',
  version: 1,
  id: '5b8f1c1e-8d3a-4c1e-9d7a-0c1e2f3a4b5c',
  issuer: 'https://ferry.example',
  issuedAt: '2026-11-25T10:00:00.000Z',
  transfer: { slug: 'AbC1234', url: 'https://ferry.example/w/AbC1234' },
  files: [{ name: 'invoice.pdf', path: null, size: 1234, sha256: SHA }],
  recipient: 'buyer@example.com',
  downloadedAt: '2026-11-25T09:59:00.000Z',
  place: { city: 'Dubai', country: 'United Arab Emirates', countryCode: 'AE' },
  sender: { email: 'ada@acme.example', name: 'Ada', company: 'Acme Trading' },
};

function keyPair(kid: string) {
  const { privateKeyDer, x } = generateReceiptKey();
  return { signing: { kid, privateKey: receiptPrivateKey(privateKeyDer) }, published: { kid, kty: 'OKP', crv: 'Ed25519', x, alg: 'EdDSA', use: 'sig', createdAt: '2026-11-25T00:00:00.000Z', retiredAt: null } as const };
}

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe('{"a":{"c":"x","d":[true,null]},"b":1}');
  });
  it('refuses what two implementations could write differently', () => {
    expect(() => canonicalJson({ a: 1.5 })).toThrow(/integers/);
    expect(() => canonicalJson({ a: undefined })).toThrow();
  });
});

describe('verifyReceipt', () => {
  const a = keyPair('k1');
  const keys: TReceiptKeySet = { keys: [a.published] };
  const signed = signReceipt(receipt, a.signing);

  it('accepts a receipt signed by a published key, and says which file a SHA-256 matches', () => {
    expect(verifyReceipt(JSON.parse(JSON.stringify(signed)), keys)).toMatchObject({ genuine: true, problem: null, fileMatches: null });
    expect(verifyReceipt(signed, keys, SHA)).toMatchObject({ genuine: true, fileMatches: true, matchedFile: 'invoice.pdf' });
    expect(verifyReceipt(signed, keys, 'b'.repeat(64))).toMatchObject({ genuine: true, fileMatches: false, matchedFile: null });
  });

  it('rejects an edited field, an added field, a key it does not know and a signature from another key', () => {
    const edited = structuredClone(signed);
    edited.receipt.place.city = 'Shenzhen';
    expect(verifyReceipt(edited, keys)).toMatchObject({ genuine: false, problem: 'bad_signature' });
    const added = { ...signed, receipt: { ...signed.receipt, note: 'extra' } };
    expect(verifyReceipt(added, keys)).toMatchObject({ genuine: false, problem: 'bad_signature' });
    expect(verifyReceipt(signed, { keys: [] })).toMatchObject({ genuine: false, problem: 'unknown_key' });
    const b = keyPair('k1');
    expect(verifyReceipt(signed, { keys: [b.published] })).toMatchObject({ genuine: false, problem: 'bad_signature' });
    expect(verifyReceipt({ receipt: { hello: 1 } }, keys)).toMatchObject({ genuine: false, problem: 'malformed' });
  });
});
