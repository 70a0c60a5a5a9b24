import { describe, expect, it } from 'vitest';
import { storageOwnerId, teamAdminOf, userGrantOwner } from './team-owner';

describe('the team owner rule', () => {
  it('when a team member sends, then the admin owns the storage and the grant names the member', () => {
    const member = { sub: 'm1', isTeamMember: true, parentAdminId: 'a1' };
    expect(teamAdminOf(member)).toBe('a1');
    expect(storageOwnerId(member)).toBe('a1');
    expect(userGrantOwner(member)).toEqual({ type: 'teamUpload', adminId: 'a1', memberId: 'm1' });
  });

  it('when an account is no team member, then it owns its own storage', () => {
    const solo = { sub: 'u1', isTeamMember: false, parentAdminId: null };
    expect(storageOwnerId(solo)).toBe('u1');
    expect(userGrantOwner(solo)).toEqual({ type: 'userUpload', userId: 'u1' });
  });

  it('when a member has lost its admin, then it falls back to its own storage', () => {
    const orphan = { sub: 'm2', isTeamMember: true, parentAdminId: null };
    expect(teamAdminOf(orphan)).toBeNull();
    expect(storageOwnerId(orphan)).toBe('m2');
    expect(userGrantOwner(orphan)).toEqual({ type: 'userUpload', userId: 'm2' });
  });
});
