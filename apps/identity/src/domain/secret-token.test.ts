import { describe, expect, it } from 'vitest';
import { createRefreshToken, createSecretToken, isSecretTokenMatch, hashSecretToken, parseRefreshToken } from './secret-token';

describe('secret tokens', () => {
  it('when a token is created, then it carries 256 random bits in base64url', () => {
    const token = createSecretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(createSecretToken()).not.toBe(token);
  });

  it('when a refresh token is parsed, then id and secret come back and malformed ones are refused', () => {
    const { id, secret, token } = createRefreshToken();
    expect(parseRefreshToken(token)).toEqual({ id, secret });
    expect(isSecretTokenMatch(secret, hashSecretToken(secret))).toBe(true);
    expect(isSecretTokenMatch(`${secret}x`, hashSecretToken(secret))).toBe(false);
    for (const bad of ['', 'abc', `${id}.`, `.${secret}`, `${id}.${secret}!`, `not-a-uuid.${secret}`]) {
      expect(parseRefreshToken(bad)).toBeNull();
    }
  });
});
