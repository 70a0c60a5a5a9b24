import { describe, expect, it } from 'vitest';
import { redactPath } from './request-context';

describe('redactPath', () => {
  it('when a path carries a token, then logs see :redacted instead', () => {
    expect(redactPath('/api/v1/auth/password-resets/Qm9vX3Rva2VuX3RoYXRfaXNfc2VjcmV0')).toBe('/api/v1/auth/password-resets/:redacted');
    expect(redactPath('/api/v1/team/invites/abcdefghijklmnopqrstuvwxyz012345/accept')).toBe('/api/v1/team/invites/:redacted/accept');
  });

  it('when a path has only short words, then it is kept', () => {
    expect(redactPath('/api/v1/auth/login')).toBe('/api/v1/auth/login');
  });
});
