import type { Migration } from '@ferry/db';

/** When an invite mail last went out: a resend mints a new link and is refused within a minute of the last one. */
export const inviteResends: Migration = {
  name: '20261210090000_invite_resends',
  async up(knex) {
    await knex.schema.alterTable('team_invites', (t) => {
      t.timestamp('last_sent_at', { useTz: true });
    });
  },
  async down(knex) {
    await knex.schema.alterTable('team_invites', (t) => {
      t.dropColumn('last_sent_at');
    });
  },
};
