import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: reset links, invite links, refresh-token secrets. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored; the token itself travels once, to its owner. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isSecretTokenMatch(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecretToken(token));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A refresh token is `<id>.<secret>`: the id finds the row, the secret proves possession. */
export function createRefreshToken(): { id: string; secret: string; token: string } {
  const id = randomUUID();
  const secret = createSecretToken();
  return { id, secret, token: `${id}.${secret}` };
}

export function parseRefreshToken(token: string): { id: string; secret: string } | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!/^[0-9a-f-]{36}$/i.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  return { id, secret };
}
