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

/** A slug `isTaken` says is free, in at most 5 tries. */
export async function uniqueSlug(isTaken: (slug: string) => Promise<boolean>, what: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = newSlug();
    if (!(await isTaken(slug))) return slug;
  }
  throw new Error(`Could not find a free ${what} in 5 tries`);
}
