import type { Knex } from 'knex';
import { DEFAULT_USER_SETTINGS, type TUpdateSettingsBody, type TUserSettings } from '@ferry/contracts';
import type { UserSettingsStore } from '../domain/identity.ports';
import { isUuid } from './store-ids';

interface UserSettingsRow {
  transfer_settings: Partial<TUserSettings['transferSettings']>;
  request_settings: Partial<TUserSettings['requestSettings']>;
}

/** What the user set over the defaults (fields never set read their default). */
function withDefaults(row: UserSettingsRow | undefined): TUserSettings {
  return {
    transferSettings: { ...DEFAULT_USER_SETTINGS.transferSettings, ...row?.transfer_settings },
    requestSettings: { ...DEFAULT_USER_SETTINGS.requestSettings, ...row?.request_settings },
  };
}

export function createUserSettingsStore(db: Knex | Knex.Transaction): UserSettingsStore {
  return {
    async findUserSettings(userId) {
      if (!isUuid(userId)) return withDefaults(undefined);
      const [row]: UserSettingsRow[] = await db('user_settings').select('transfer_settings', 'request_settings').where({ user_id: userId });
      return withDefaults(row);
    },

    async mergeUserSettings(userId, patch: TUpdateSettingsBody, now) {
      // One statement: two saves at once each keep the other's fields (jsonb `||` merges).
      const [row]: UserSettingsRow[] = await db('user_settings')
        .insert({
          user_id: userId,
          transfer_settings: JSON.stringify(patch.transferSettings ?? {}),
          request_settings: JSON.stringify(patch.requestSettings ?? {}),
          updated_at: now,
        })
        .onConflict('user_id')
        .merge({
          transfer_settings: db.raw('user_settings.transfer_settings || excluded.transfer_settings'),
          request_settings: db.raw('user_settings.request_settings || excluded.request_settings'),
          updated_at: now,
        })
        .returning(['transfer_settings', 'request_settings']);
      return withDefaults(row);
    },
  };
}
