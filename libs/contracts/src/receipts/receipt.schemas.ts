import { z } from 'zod';

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** One file a download delivered, with the SHA-256 storage computed from the bytes it received. */
export const ZReceiptFile = z.object({
  name: z.string(),
  path: z.string().nullable(),
  size: z.number().int().nonnegative(),
  /** Null only when storage has no digest for the object (then the receipt proves the download, not the bytes). */
  sha256: ZSha256.nullable(),
});
export type TReceiptFile = z.infer<typeof ZReceiptFile>;

/**
 * A delivery receipt: what one recorded download delivered, to whom, when and where. It is signed
 * as the canonical JSON of this object (keys sorted, no spaces; only strings, integers and null).
 */
export const ZReceipt = z.object({
  type: z.literal('ferry.delivery-receipt'),
  version: z.literal(1),
  /** The download's id. */
  id: z.string().uuid(),
  /** The origin whose `/.well-known/ferry-receipt-keys.json` holds the signing key. */
  issuer: z.string().url(),
  issuedAt: z.string().datetime(),
  transfer: z.object({ slug: z.string(), url: z.string() }),
  files: z.array(ZReceiptFile).min(1),
  /** The recipient's email when the download came through their own mailed link. */
  recipient: z.string().nullable(),
  downloadedAt: z.string().datetime(),
  place: z.object({ city: z.string(), country: z.string(), countryCode: z.string() }),
  sender: z.object({ email: z.string().nullable(), name: z.string().nullable(), company: z.string().nullable() }),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZReceiptSignature = z.object({
  alg: z.literal('Ed25519'),
  /** Which published key signed it. */
  kid: z.string().min(1).max(64),
  /** The Ed25519 signature of the canonical JSON of `receipt`, base64url. */
  value: z.string().min(1).max(256),
});

/** The file a sender downloads (`receipt-….json`) and `/verify` and `ferry verify` accept. */
export const ZSignedReceipt = z.object({ receipt: ZReceipt, signature: ZReceiptSignature });
export type TSignedReceipt = z.infer<typeof ZSignedReceipt>;

/** A published verification key, as a JWK (RFC 8037); retired keys stay published so old receipts verify. */
export const ZReceiptKey = z.object({
  kid: z.string(),
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
  createdAt: z.string(),
  /** When a newer key took over signing; null for the key that signs now. */
  retiredAt: z.string().nullable(),
});
export type TReceiptKey = z.infer<typeof ZReceiptKey>;

/** `/.well-known/ferry-receipt-keys.json`. */
export const ZReceiptKeySet = z.object({ keys: z.array(ZReceiptKey) });
export type TReceiptKeySet = z.infer<typeof ZReceiptKeySet>;

/** Why a receipt is not genuine. */
export const ZReceiptProblem = z.enum(['malformed', 'unknown_key', 'bad_signature']);
export type TReceiptProblem = z.infer<typeof ZReceiptProblem>;

/** What checking a receipt (and optionally a file's SHA-256) found. */
export const ZReceiptCheck = z.object({
  genuine: z.boolean(),
  problem: ZReceiptProblem.nullable(),
  /** The receipt as signed, when genuine. */
  receipt: ZReceipt.nullable(),
  /** When a file's SHA-256 was given: whether it is one the receipt names (null when none was given or the receipt is not genuine). */
  fileMatches: z.boolean().nullable(),
  /** The name of the matching file. */
  matchedFile: z.string().nullable(),
});
export type TReceiptCheck = z.infer<typeof ZReceiptCheck>;

export const ZVerifyReceiptBody = z.strictObject({
  /** The receipt file's JSON as the sender got it (checked as given: nothing is dropped before the signature check). */
  receipt: z.unknown(),
  sha256: ZSha256.optional(),
});
