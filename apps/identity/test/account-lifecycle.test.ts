import {
  ACCOUNT_DELETED,
  ACCOUNT_DELETION_REQUESTED,
  ACCOUNT_LIFECYCLE_RPC,
  EMAIL_CODE_REQUESTED,
  IDENTITY_RPC,
  SESSION_REVOKED,
  TEAM_INVITE_CREATED,
} from '@ferry/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootIdentity, type IdentityHarness } from './identity.harness';

const DAY = 86_400_000;
const claimsOf = (accessToken: string) => decodeJwt(accessToken) as { sub: string; sid: string; ver: number };

/** Change email, change password, delete account: identity's rules. */
describe('account lifecycle', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('lifecycle');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Tables of identity whose rows mention the text; the purge order itself (`evt.account.deleted` in the outbox) aside. */
  async function rowsMentioning(needle: string): Promise<string[]> {
    const { rows } = await h.db.raw<{ rows: Array<{ table_name: string }> }>(
      `select table_name from information_schema.tables where table_schema = 'identity' and table_type = 'BASE TABLE'`,
    );
    const found: string[] = [];
    for (const { table_name: table } of rows) {
      const unlessPurgeOrder = table === 'outbox' ? ` and t.subject <> '${ACCOUNT_DELETED.subject}'` : '';
      const hit = await h.db.raw<{ rows: unknown[] }>(`select 1 from identity."${table}" t where strpos(t::text, ?) > 0${unlessPurgeOrder} limit 1`, [needle]);
      if (hit.rows.length > 0) found.push(table);
    }
    return found;
  }

  describe('change email', () => {
    it('when the code mailed to the new address comes back, then the account email changes; a wrong code changes nothing', async () => {
      const session = await h.register('old-address@example.com');
      const userId = session.user.id;
      await h.call(ACCOUNT_LIFECYCLE_RPC.requestEmailChange, { userId, newEmail: 'new-address@example.com' });
      const code = await h.lastCode('new-address@example.com', 'change-email');
      const wrong = code === '11111' ? '22222' : '11111';

      await expect(h.call(ACCOUNT_LIFECYCLE_RPC.confirmEmailChange, { userId, newEmail: 'new-address@example.com', code: wrong })).rejects.toMatchObject({
        code: 'CODE_INCORRECT',
      });
      expect((await h.call(IDENTITY_RPC.getMe, { userId })).email).toBe('old-address@example.com');

      const user = await h.call(ACCOUNT_LIFECYCLE_RPC.confirmEmailChange, { userId, newEmail: 'new-address@example.com', code });
      expect(user.email).toBe('new-address@example.com');
      await expect(h.call(IDENTITY_RPC.login, { email: 'old-address@example.com', password: 'correct horse' })).rejects.toMatchObject({ code: 'AUTH_FAILED' });
      expect((await h.call(IDENTITY_RPC.login, { email: 'new-address@example.com', password: 'correct horse' })).user.id).toBe(userId);
      // The old tokens carried the old email: they are revoked.
      expect(await h.lastEvent(SESSION_REVOKED, (e) => e.userId === userId)).toMatchObject({ minVersion: 2 });
    });

    it('when a code was sent for another address, or none was asked, then the change is refused', async () => {
      const session = await h.register('nocode@example.com');
      const userId = session.user.id;
      await expect(h.call(ACCOUNT_LIFECYCLE_RPC.confirmEmailChange, { userId, newEmail: 'never-asked@example.com', code: '12345' })).rejects.toMatchObject({
        code: 'CODE_EXPIRED',
      });
      await h.call(ACCOUNT_LIFECYCLE_RPC.requestEmailChange, { userId, newEmail: 'asked@example.com' });
      const code = await h.lastCode('asked@example.com', 'change-email');
      await expect(h.call(ACCOUNT_LIFECYCLE_RPC.confirmEmailChange, { userId, newEmail: 'other@example.com', code })).rejects.toMatchObject({ code: 'CODE_EXPIRED' });
      expect((await h.call(IDENTITY_RPC.getMe, { userId })).email).toBe('nocode@example.com');
    });

    it('when the new address has an account, then no code is sent (409)', async () => {
      const session = await h.register('taker@example.com');
      await h.register('taken@example.com');
      await expect(h.call(ACCOUNT_LIFECYCLE_RPC.requestEmailChange, { userId: session.user.id, newEmail: 'taken@example.com' })).rejects.toMatchObject({
        code: 'EMAIL_TAKEN',
      });
      expect(await h.events(EMAIL_CODE_REQUESTED, (e) => e.email === 'taken@example.com' && e.purpose === 'change-email')).toHaveLength(0);
    });
  });

  describe('change password', () => {
    it('when the password changes, then every other session ends and this one stays', async () => {
      const here = await h.register('two-sessions@example.com');
      const there = await h.call(IDENTITY_RPC.login, { email: 'two-sessions@example.com', password: 'correct horse' });
      const userId = here.user.id;

      await h.call(ACCOUNT_LIFECYCLE_RPC.changePassword, { userId, currentPassword: 'correct horse', newPassword: 'battery staple', sessionId: claimsOf(here.accessToken).sid });

      await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: there.refreshToken })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
      const revoked = await h.events(SESSION_REVOKED, (e) => e.userId === userId);
      expect(revoked.map((e) => e.sessionId)).toEqual([claimsOf(there.accessToken).sid]);
      const refreshed = await h.call(IDENTITY_RPC.refresh, { refreshToken: here.refreshToken });
      expect(claimsOf(refreshed.accessToken).sid).toBe(claimsOf(here.accessToken).sid);
      await expect(h.call(IDENTITY_RPC.login, { email: 'two-sessions@example.com', password: 'correct horse' })).rejects.toMatchObject({ code: 'AUTH_FAILED' });
      await h.call(IDENTITY_RPC.login, { email: 'two-sessions@example.com', password: 'battery staple' });
    });

    it('when the current password is wrong, then nothing changes', async () => {
      const session = await h.register('wrong-current@example.com');
      await expect(
        h.call(ACCOUNT_LIFECYCLE_RPC.changePassword, { userId: session.user.id, currentPassword: 'not it', newPassword: 'battery staple' }),
      ).rejects.toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });
      await h.call(IDENTITY_RPC.refresh, { refreshToken: session.refreshToken });
      await h.call(IDENTITY_RPC.login, { email: 'wrong-current@example.com', password: 'correct horse' });
    });
  });

  describe('delete account', () => {
    it('when deletion is asked, then the password is required, every session ends and the purge is 14 days away', async () => {
      const session = await h.register('leaving@example.com');
      const userId = session.user.id;
      await expect(h.call(ACCOUNT_LIFECYCLE_RPC.requestAccountDeletion, { userId, password: 'guess' })).rejects.toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });

      const { deletionDueAt } = await h.call(ACCOUNT_LIFECYCLE_RPC.requestAccountDeletion, { userId, password: 'correct horse' });

      expect(Date.parse(deletionDueAt)).toBe(h.now().getTime() + 14 * DAY);
      await expect(h.call(IDENTITY_RPC.refresh, { refreshToken: session.refreshToken })).rejects.toMatchObject({ code: 'REFRESH_INVALID' });
      expect(await h.lastEvent(ACCOUNT_DELETION_REQUESTED, (e) => e.userId === userId)).toMatchObject({ email: 'leaving@example.com', deletionDueAt });
    });

    it('when the user logs in during the grace period, then the deletion is canceled and the login says so', async () => {
      const session = await h.register('stays@example.com');
      const userId = session.user.id;
      await h.call(ACCOUNT_LIFECYCLE_RPC.requestAccountDeletion, { userId, password: 'correct horse' });
      h.advance(13 * DAY);

      const login = await h.call(IDENTITY_RPC.login, { email: 'stays@example.com', password: 'correct horse' });
      expect(login.notice).toBe('deletion-canceled');
      h.advance(2 * DAY);
      await h.purgeDueAccounts();

      expect((await h.call(IDENTITY_RPC.getMe, { userId })).email).toBe('stays@example.com');
      expect(await h.events(ACCOUNT_DELETED, (e) => e.userId === userId)).toHaveLength(0);
      expect((await h.call(IDENTITY_RPC.login, { email: 'stays@example.com', password: 'correct horse' })).notice).toBeUndefined();
    });

    it('when the grace period ends, then no identity row of the user is left and every service is told', async () => {
      const session = await h.register('purged@example.com');
      const userId = session.user.id;
      await h.call(IDENTITY_RPC.login, { email: 'purged@example.com', password: 'wrong one' }).catch(() => undefined);
      await h.call(IDENTITY_RPC.requestPasswordReset, { email: 'purged@example.com' });
      await h.call(ACCOUNT_LIFECYCLE_RPC.requestAccountDeletion, { userId, password: 'correct horse' });
      h.advance(14 * DAY - 60_000);
      expect(await h.purgeDueAccounts()).toBe(0);
      h.advance(60_000);

      expect(await h.purgeDueAccounts()).toBe(1);

      expect(await h.lastEvent(ACCOUNT_DELETED, (e) => e.userId === userId)).toMatchObject({ email: 'purged@example.com', memberIds: [] });
      await expect(h.call(IDENTITY_RPC.getMe, { userId })).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
      // Once the deletion is published, identity forgets its own published events about the user.
      for (let waited = 0; (await rowsMentioning(userId)).length > 0 && waited < 10_000; waited += 200) await new Promise((r) => setTimeout(r, 200));
      expect(await rowsMentioning(userId)).toEqual([]);
      expect(await rowsMentioning('purged@example.com')).toEqual([]);
    });

    it('when a team admin is purged, then the members are detached first and keep their accounts', async () => {
      const admin = await h.register('boss@team.example', { plan: 'BM' });
      await h.subscribe(admin.user.id, 'BM');
      await h.call(IDENTITY_RPC.inviteMember, { userId: admin.user.id, email: 'crew@team.example' });
      const token = (await h.lastEvent(TEAM_INVITE_CREATED, (e) => e.email === 'crew@team.example')).inviteToken;
      const member = await h.call(IDENTITY_RPC.acceptInvite, { inviteId: token, password: 'member pass' });
      await h.call(ACCOUNT_LIFECYCLE_RPC.requestAccountDeletion, { userId: admin.user.id, password: 'correct horse' });
      h.advance(14 * DAY + 1);

      await h.purgeDueAccounts();

      expect(await h.lastEvent(ACCOUNT_DELETED, (e) => e.userId === admin.user.id)).toMatchObject({ memberIds: [member.user.id] });
      const detached = await h.call(IDENTITY_RPC.getMe, { userId: member.user.id });
      expect(detached).toMatchObject({ isTeamMember: false, parentAdmin: null, role: 'Free' });
      // The member's tokens named the admin: they are refused until refreshed.
      expect(await h.lastEvent(SESSION_REVOKED, (e) => e.userId === member.user.id)).toMatchObject({ sessionId: null });
      await h.call(IDENTITY_RPC.login, { email: 'crew@team.example', password: 'member pass' });
    });
  });
});
