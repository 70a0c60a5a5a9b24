import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A transfer's 7-character public id from a secure generator (62^7, about 3.5e12 values). */
export function newSlug(): string {
  let slug = '';
  for (let i = 0; i < 7; i += 1) slug += ALPHABET[randomInt(ALPHABET.length)];
  return slug;
}

/** A per-recipient link token (attribution, not access): 12 characters. */
export function newRecipientToken(): string {
  let token = '';
  for (let i = 0; i < 12; i += 1) token += ALPHABET[randomInt(ALPHABET.length)];
  return token;
}
