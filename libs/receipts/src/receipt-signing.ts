import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { ZReceipt, ZSignedReceipt, type TReceipt, type TReceiptCheck, type TReceiptKey, type TReceiptKeySet, type TSignedReceipt } from '@ferry/contracts';
import { canonicalJson } from './canonical-json';

/** A signing key: its id and the Ed25519 private key. */
export interface ReceiptSigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** A new Ed25519 key pair: the private key as PKCS#8 DER (to be sealed at rest) and the public half as a JWK `x`. */
export function generateReceiptKey(): { privateKeyDer: Buffer; x: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Ed25519 public key without x');
  return { privateKeyDer: privateKey.export({ format: 'der', type: 'pkcs8' }), x: jwk.x };
}

export function receiptPrivateKey(der: Buffer): KeyObject {
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

/** Signs the canonical JSON of the receipt. */
export function signReceipt(receipt: TReceipt, key: ReceiptSigningKey): TSignedReceipt {
  const value = sign(null, Buffer.from(canonicalJson(receipt)), key.privateKey).toString('base64url');
  return { receipt, signature: { alg: 'Ed25519', kid: key.kid, value } };
}

function publicKeyOf(key: TReceiptKey): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' });
}

const notGenuine = (problem: TReceiptCheck['problem']): TReceiptCheck => ({ genuine: false, problem, receipt: null, fileMatches: null, matchedFile: null });

/**
 * Checks a receipt file against a published key set, and optionally a file's SHA-256 against the
 * files it names. The signature is checked over the receipt exactly as given (nothing parsed away
 * first), so an edited, added or dropped field fails.
 */
export function verifyReceipt(input: unknown, keys: TReceiptKeySet, sha256?: string): TReceiptCheck {
  const envelope = ZSignedReceipt.safeParse(input);
  if (!envelope.success) return notGenuine('malformed');
  const raw = (input as { receipt: unknown }).receipt;
  const key = keys.keys.find((k) => k.kid === envelope.data.signature.kid);
  if (!key) return notGenuine('unknown_key');
  let signed: string;
  try {
    signed = canonicalJson(raw);
  } catch {
    return notGenuine('malformed');
  }
  const signature = Buffer.from(envelope.data.signature.value, 'base64url');
  if (!verify(null, Buffer.from(signed), publicKeyOf(key), signature)) return notGenuine('bad_signature');
  const receipt = ZReceipt.parse(raw);
  const match = sha256 === undefined ? undefined : receipt.files.find((f) => f.sha256 === sha256.toLowerCase());
  return {
    genuine: true,
    problem: null,
    receipt,
    fileMatches: sha256 === undefined ? null : match !== undefined,
    matchedFile: match ? (match.path ? `${match.path}/${match.name}` : match.name) : null,
  };
}
