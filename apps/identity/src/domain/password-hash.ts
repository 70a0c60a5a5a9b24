import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1), the OWASP baseline.
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** An argon2id hash with the same parameters as real ones, of a password nobody uses. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$rbQEZXLrn2zrV0lZCRDyIA$3K5R0m32z4YC3hclQdGTXvrDmE/IOg3PC32DwoNg78M';

/** Spends the time a real check takes, so an unknown email answers no faster than a wrong password. */
export async function verifyAgainstDummyHash(password: string): Promise<void> {
  await verifyPassword(DUMMY_HASH, password);
}
