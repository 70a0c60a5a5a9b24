import { hkdfSync } from 'node:crypto';

/** Keys identity derives from AUTH_JWT_SECRET, each for one purpose only. */
export interface IdentityKeys {
  /** The raw secret the gateway shares to check access tokens (HS256). */
  accessTokenSecret: Uint8Array;
  /** HMAC-SHA256 key for stored email-code hashes. */
  codeHashKey: Buffer;
  /** AES-256-GCM key for the stored copy of a code, kept only to re-send the same code. */
  codeCipherKey: Buffer;
  /** HMAC-SHA256 key for each company's own CNAME target (proof that the host is that company's). */
  hostProofKey: Buffer;
}

function derive(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'ferry-identity', info, 32));
}

export function deriveIdentityKeys(secret: string): IdentityKeys {
  return {
    accessTokenSecret: new TextEncoder().encode(secret),
    codeHashKey: derive(secret, 'email-code-hmac'),
    codeCipherKey: derive(secret, 'email-code-aes-256-gcm'),
    hostProofKey: derive(secret, 'download-host-proof'),
  };
}
