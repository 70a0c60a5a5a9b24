import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkGrantSignature, signGrant, type SignedGrant } from './url-signature';

const secret = randomBytes(32);
const now = 1_800_000_000;
const grant: SignedGrant = { method: 'PUT', bucket: 'oss-cn-hongkong', key: 'u/42/abc/film.mov', uploadId: 'up1', partNumber: 3, maxBytes: 2_097_152, expires: now + 3600 };

describe('signed grants', () => {
  it('when the request matches the grant in time, then it passes', () => {
    expect(checkGrantSignature(grant, signGrant(grant, secret), secret, now)).toEqual({ ok: true });
  });

  it('when it arrives after expiry, then it is refused as expired', () => {
    expect(checkGrantSignature(grant, signGrant(grant, secret), secret, grant.expires + 1)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['method', { method: 'DELETE' as const }],
    ['key (outside the prefix)', { key: 'u/43/abc/film.mov' }],
    ['part', { partNumber: 4 }],
    ['upload', { uploadId: 'up2' }],
    ['size limit', { maxBytes: 10 * 2_097_152 }],
    ['expiry', { expires: grant.expires + 86_400 }],
  ])('when the %s is changed, then the signature no longer holds', (_field, change) => {
    const signature = signGrant(grant, secret);
    expect(checkGrantSignature({ ...grant, ...change }, signature, secret, now)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('when signed with another key or malformed, then it is refused', () => {
    expect(checkGrantSignature(grant, signGrant(grant, randomBytes(32)), secret, now).ok).toBe(false);
    expect(checkGrantSignature(grant, 'not-hex', secret, now).ok).toBe(false);
  });
});
