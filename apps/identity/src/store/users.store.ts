import type { Knex } from 'knex';
import type { TLang, TRegion, TUserStatus } from '@ferry/contracts';
import { emailTakenError } from '../domain/identity.errors';
import type { NewUser, ProfilePatch, UserRecord, UserStore } from '../domain/identity.ports';
import { isUuid } from './store-ids';

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  full_name: string | null;
  greeting_name: string | null;
  company: string | null;
  profile_pic: string | null;
  region: string;
  role: string;
  status: string;
  lang: string;
  login_count: number;
  is_team_member: boolean;
  parent_admin_id: string | null;
  token_version: number;
  created_at: Date;
}

const USER_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'full_name',
  'greeting_name',
  'company',
  'profile_pic',
  'region',
  'role',
  'status',
  'lang',
  'login_count',
  'is_team_member',
  'parent_admin_id',
  'token_version',
  'created_at',
];

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    fullName: row.full_name,
    greetingName: row.greeting_name,
    company: row.company,
    profilePic: row.profile_pic,
    // The columns only ever receive values the contracts validated.
    region: row.region as TRegion,
    role: row.role,
    status: row.status as TUserStatus,
    lang: row.lang as TLang,
    loginCount: row.login_count,
    isTeamMember: row.is_team_member,
    tokenVersion: row.token_version,
    parentAdminId: row.parent_admin_id,
    createdAt: row.created_at,
  };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23505' && pgError.constraint === constraint;
}

export function createUserStore(db: Knex | Knex.Transaction): UserStore {
  return {
    async findUserById(id, options = {}) {
      if (!isUuid(id)) return undefined;
      const query = db('users').select(USER_COLUMNS).where({ id });
      const [row]: UserRow[] = await (options.forUpdate ? query.forUpdate() : query);
      return row ? toUser(row) : undefined;
    },

    async findUserByEmail(email) {
      const [row]: UserRow[] = await db('users').select(USER_COLUMNS).whereRaw('lower(email) = lower(?)', [email]).limit(1);
      return row ? toUser(row) : undefined;
    },

    async insertUser(user: NewUser) {
      try {
        const [row]: UserRow[] = await db('users')
          .insert({
            email: user.email,
            password_hash: user.passwordHash,
            full_name: user.fullName,
            company: user.company,
            region: user.region,
            role: user.role,
            status: user.status,
            lang: user.lang,
            login_count: user.loginCount,
            is_team_member: user.isTeamMember,
            parent_admin_id: user.parentAdminId,
            referrer: user.referrer,
            fingerprint: user.fingerprint,
            email_verified_at: user.emailVerifiedAt,
            last_login_at: user.now,
            created_at: user.now,
            updated_at: user.now,
          })
          .returning(USER_COLUMNS);
        if (!row) throw new Error('insert into users returned no row');
        return toUser(row);
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTakenError();
        throw error;
      }
    },

    async recordLogin(userId, now) {
      const [row]: UserRow[] = await db('users')
        .where({ id: userId })
        .update({ login_count: db.raw('login_count + 1'), last_login_at: now, updated_at: now })
        .returning(USER_COLUMNS);
      if (!row) throw new Error(`user ${userId} vanished during login`);
      return toUser(row);
    },

    async updateProfile(userId, patch: ProfilePatch, now) {
      if (!isUuid(userId)) return undefined;
      const changes: Record<string, unknown> = { updated_at: now };
      if (patch.fullName !== undefined) changes['full_name'] = patch.fullName;
      if (patch.greetingName !== undefined) changes['greeting_name'] = patch.greetingName;
      if (patch.company !== undefined) changes['company'] = patch.company;
      if (patch.profilePic !== undefined) changes['profile_pic'] = patch.profilePic;
      if (patch.region !== undefined) changes['region'] = patch.region;
      if (patch.lang !== undefined) changes['lang'] = patch.lang;
      const [row]: UserRow[] = await db('users').where({ id: userId }).update(changes).returning(USER_COLUMNS);
      return row ? toUser(row) : undefined;
    },

    async applyPlanChange(userIds, change, now) {
      const ids = userIds.filter(isUuid);
      if (ids.length === 0) return [];
      const rows: Array<{ id: string }> = await db('users')
        .whereIn('id', ids)
        .where((w) => w.whereNull('plan_changed_at').orWhere('plan_changed_at', '<=', change.changedAt))
        .update({ role: change.role, status: change.status, plan_changed_at: change.changedAt, updated_at: now })
        .returning(['id']);
      return rows.map((row) => row.id);
    },

    async setPasswordHash(userId, passwordHash, now) {
      await db('users').where({ id: userId }).update({ password_hash: passwordHash, updated_at: now });
    },

    async listTeamMembers(adminId) {
      if (!isUuid(adminId)) return [];
      const rows: UserRow[] = await db('users').select(USER_COLUMNS).where({ parent_admin_id: adminId }).orderBy('created_at');
      return rows.map(toUser);
    },

    async bumpTokenVersion(userId, now) {
      const [row]: Array<{ token_version: number }> = await db('users')
        .where({ id: userId })
        .update({ token_version: db.raw('token_version + 1'), updated_at: now })
        .returning(['token_version']);
      if (!row) throw new Error(`user ${userId} vanished while its sessions were revoked`);
      return row.token_version;
    },

    async deleteUser(userId) {
      await db('users').where({ id: userId }).delete();
    },
  };
}
