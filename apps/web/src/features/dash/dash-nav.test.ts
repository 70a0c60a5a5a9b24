import { describe, expect, it } from 'vitest';
import { dashNavEntries, isAccountTab } from './dash-nav';

describe('dashboard navigation', () => {
  it('shows an admin every entry, Teams and Billing included', () => {
    expect(dashNavEntries({ isTeamMember: false }).map((e) => e.key)).toEqual([
      'home', 'transfers', 'requests', 'contacts', 'analytics', 'account', 'teams', 'billing',
    ]);
  });

  it('hides Teams and Billing from a team member', () => {
    expect(dashNavEntries({ isTeamMember: true }).map((e) => e.key)).toEqual(['home', 'transfers', 'requests', 'contacts', 'analytics', 'account']);
  });

  it('knows the account tabs of the spec and nothing else', () => {
    expect(isAccountTab('profile')).toBe(true);
    expect(isAccountTab('1')).toBe(true);
    expect(isAccountTab('domain')).toBe(true);
    expect(isAccountTab('dns')).toBe(false);
    expect(isAccountTab(undefined)).toBe(false);
  });
});
