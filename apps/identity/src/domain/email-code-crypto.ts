import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { TCodePurpose } from '@ferry/contracts';
import type { IdentityKeys } from './identity-keys';

/** Five random digits, leading zeros kept. */
export function generateEmailCode(): string {
  return String(randomInt(0, 100_000)).padStart(5, '0');
}

function codeContext(email: string, purpose: TCodePurpose): string {
  return `${purpose}:${email}`;
}

/** The code's HMAC, bound to its email and purpose so a stored hash proves nothing elsewhere. */
export function hashEmailCode(keys: IdentityKeys, email: string, purpose: TCodePurpose, code: string): string {
  return createHmac('sha256', keys.codeHashKey).update(`${codeContext(email, purpose)}:${code}`).digest('base64url');
}

export function isEmailCodeMatch(keys: IdentityKeys, email: string, purpose: TCodePurpose, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashEmailCode(keys, email, purpose, code));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** `iv.ciphertext.tag` in base64url; the email and purpose are authenticated with it. */
export function encryptEmailCode(keys: IdentityKeys, email: string, purpose: TCodePurpose, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.codeCipherKey, iv);
  cipher.setAAD(Buffer.from(codeContext(email, purpose)));
  const ciphertext = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

export function decryptEmailCode(keys: IdentityKeys, email: string, purpose: TCodePurpose, sealed: string): string {
  const [iv, ciphertext, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !ciphertext || !tag) throw new Error('Malformed sealed email code');
  const decipher = createDecipheriv('aes-256-gcm', keys.codeCipherKey, iv);
  decipher.setAAD(Buffer.from(codeContext(email, purpose)));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
