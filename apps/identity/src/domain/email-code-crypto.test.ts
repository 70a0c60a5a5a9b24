import { describe, expect, it } from 'vitest';
import { decryptEmailCode, encryptEmailCode, generateEmailCode, hashEmailCode, isEmailCodeMatch } from './email-code-crypto';
import { deriveIdentityKeys } from './identity-keys';

const keys = deriveIdentityKeys('unit-test-secret-unit-test-secret-0123');

describe('email code crypto', () => {
  it('when codes are generated, then each is exactly 5 digits', () => {
    for (let i = 0; i < 200; i += 1) expect(generateEmailCode()).toMatch(/^\d{5}$/);
  });

  it('when a code is sealed, then it opens only for the same email and purpose', () => {
    const sealed = encryptEmailCode(keys, 'a@example.com', 'register', '01234');
    expect(sealed).not.toContain('01234');
    expect(decryptEmailCode(keys, 'a@example.com', 'register', sealed)).toBe('01234');
    expect(() => decryptEmailCode(keys, 'b@example.com', 'register', sealed)).toThrow();
    expect(() => decryptEmailCode(keys, 'a@example.com', 'send', sealed)).toThrow();
  });

  it('when a code is hashed, then only the same code, email, purpose and secret match', () => {
    const stored = hashEmailCode(keys, 'a@example.com', 'register', '01234');
    expect(isEmailCodeMatch(keys, 'a@example.com', 'register', '01234', stored)).toBe(true);
    expect(isEmailCodeMatch(keys, 'a@example.com', 'register', '01235', stored)).toBe(false);
    expect(isEmailCodeMatch(keys, 'b@example.com', 'register', '01234', stored)).toBe(false);
    const otherKeys = deriveIdentityKeys('another-secret-another-secret-another-1');
    expect(isEmailCodeMatch(otherKeys, 'a@example.com', 'register', '01234', stored)).toBe(false);
  });
});
