import type { Knex } from 'knex';
import type { TeamInviteRecord, TeamInviteStore } from '../domain/identity.ports';
import { isUuid } from './store-ids';

interface TeamInviteRow {
  id: string;
  admin_id: string;
  email: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  withdrawn_at: Date | null;
  last_sent_at: Date | null;
}

function toInvite(row: TeamInviteRow): TeamInviteRecord {
  return {
    id: row.id,
    adminId: row.admin_id,
    email: row.email,
    tokenHash: row.token_hash,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    withdrawnAt: row.withdrawn_at,
    lastSentAt: row.last_sent_at,
  };
}

export function createTeamInviteStore(db: Knex | Knex.Transaction): TeamInviteStore {
  const pending = (adminId: string, now: Date) =>
    db<TeamInviteRow>('team_invites')
      .where({ admin_id: adminId })
      .whereNull('accepted_at')
      .whereNull('withdrawn_at')
      .where('expires_at', '>', now);

  return {
    async insertInvite(invite) {
      await db('team_invites').insert({
        id: invite.id,
        admin_id: invite.adminId,
        email: invite.email,
        token_hash: invite.tokenHash,
        created_at: invite.createdAt,
        expires_at: invite.expiresAt,
        accepted_at: invite.acceptedAt,
        withdrawn_at: invite.withdrawnAt,
      });
    },

    async findInvite(tokenHash, options = {}) {
      const query = db<TeamInviteRow>('team_invites').where({ token_hash: tokenHash }).first();
      const row = await (options.forUpdate ? query.forUpdate() : query);
      return row ? toInvite(row) : undefined;
    },

    async listPendingInvites(adminId, now) {
      if (!isUuid(adminId)) return [];
      const rows = await pending(adminId, now).select('*').orderBy('created_at');
      return rows.map((row) => toInvite(row as TeamInviteRow));
    },

    async withdrawPendingInvites(adminId, email, now) {
      await pending(adminId, now).where({ email }).update({ withdrawn_at: now });
    },

    async markInviteAccepted(inviteId, memberId, now) {
      await db('team_invites').where({ id: inviteId }).update({ accepted_at: now, member_id: memberId });
    },

    async findInviteById(inviteId, options = {}) {
      if (!isUuid(inviteId)) return undefined;
      const query = db<TeamInviteRow>('team_invites').where({ id: inviteId }).first();
      const row = await (options.forUpdate ? query.forUpdate() : query);
      return row ? toInvite(row) : undefined;
    },

    async renewInvite(inviteId, renewal) {
      await db('team_invites')
        .where({ id: inviteId })
        .update({ token_hash: renewal.tokenHash, expires_at: renewal.expiresAt, last_sent_at: renewal.sentAt });
    },

    async withdrawInvite(inviteId, now) {
      await db('team_invites').where({ id: inviteId }).update({ withdrawn_at: now });
    },
  };
}
