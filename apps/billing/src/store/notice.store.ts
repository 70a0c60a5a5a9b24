import type { Knex } from '@ferry/db';
import type { NoticeTables } from '../domain/notice.ports';
import type { SubscriptionRecord } from '../domain/billing.ports';

/** The notices table; `toSubscription` maps a subscriptions row (billing.store.ts owns it). */
export function noticeTables<Row>(db: Knex | Knex.Transaction, toSubscription: (row: Row) => SubscriptionRecord): NoticeTables {
  return {
    async listTrialsEnding(now, until, limit) {
      const rows = (await db('subscriptions as s')
        .select('s.*')
        .where({ 's.status': 'trialing', 's.lifetime': false })
        .where('s.trial_end', '>', now)
        .where('s.trial_end', '<=', until)
        .whereNotExists(db('sent_notices as n').select(db.raw('1')).whereRaw('n.subscription_id = s.id').where('n.kind', 'trial-ending'))
        .orderBy('s.trial_end')
        .limit(limit)) as Row[];
      return rows.map(toSubscription);
    },
    async claimNotice(subscriptionId, kind, now) {
      const inserted = await db('sent_notices').insert({ subscription_id: subscriptionId, kind, sent_at: now }).onConflict(['subscription_id', 'kind']).ignore().returning('kind');
      return inserted.length > 0;
    },
  };
}
