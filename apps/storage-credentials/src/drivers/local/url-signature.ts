import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed URL grants: one method on one object (or one part of one upload), until a time. */
export interface SignedGrant {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  bucket: string;
  key: string;
  /** For multipart: the upload the part belongs to and the part's number. */
  uploadId?: string;
  partNumber?: number;
  /** For PUT: the most bytes the grant accepts. */
  maxBytes?: number;
  /** For GET: the download's file name and content type, so neither can be changed in the URL. */
  filename?: string;
  contentType?: string;
  /** Epoch seconds after which the URL is refused. */
  expires: number;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'expired' | 'bad-signature' };

function canonical(grant: SignedGrant): string {
  return [grant.method, grant.bucket, grant.key, grant.uploadId ?? '', grant.partNumber ?? '', grant.maxBytes ?? '', grant.filename ?? '', grant.contentType ?? '', grant.expires].join('\n');
}

/** HMAC-SHA256 over everything the grant allows, hex. */
export function signGrant(grant: SignedGrant, secret: Buffer): string {
  return createHmac('sha256', secret).update(canonical(grant)).digest('hex');
}

/** Checks a request against its signature: any changed field, or a late request, is refused. */
export function checkGrantSignature(grant: SignedGrant, signature: string, secret: Buffer, nowSeconds: number): SignatureCheck {
  const expected = Buffer.from(signGrant(grant, secret), 'hex');
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  if (nowSeconds > grant.expires) return { ok: false, reason: 'expired' };
  return { ok: true };
}
