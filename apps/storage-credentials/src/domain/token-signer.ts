import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short tokens `<id>.<expires>.<mac>` that name one upload or one ZIP and can't be forged or
 * stretched: the MAC covers a purpose, the id and the expiry.
 */
export interface TokenSigner {
  sign(purpose: string, id: string, expiresAtSeconds: number): string;
  /** The id when the token is genuine and unexpired, else null. */
  verify(purpose: string, token: string, nowSeconds: number): string | null;
}

export function createTokenSigner(secret: string | Buffer): TokenSigner {
  const mac = (purpose: string, id: string, expires: number) =>
    createHmac('sha256', secret).update(`${purpose}\n${id}\n${expires}`).digest('base64url');
  return {
    sign(purpose, id, expiresAtSeconds) {
      return `${id}.${expiresAtSeconds}.${mac(purpose, id, expiresAtSeconds)}`;
    },
    verify(purpose, token, nowSeconds) {
      const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, id, expires, given] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(mac(purpose, id, Number(expires)));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      if (Number(expires) < nowSeconds) return null;
      return id;
    },
  };
}
