import type { ContactRecord, DashboardStore, DownloadStats } from '../domain/transfers.ports';
import type { Db } from './transfer.store';
import { toDownload, type DownloadRow } from './transfer-contents.store';
import { containing } from './transfer-lists.store';

/** The dashboard's contacts, the numbers behind its analytics and its latest downloads. */
export function createDashboardStore(db: Db): DashboardStore {
  return {
    async searchContacts(ownerId, query) {
      const matching = () => {
        const q = db('contacts').where({ owner_id: ownerId });
        if (!query.search) return q;
        const like = containing(query.search);
        return q.where((w) => w.whereILike('email', like).orWhereILike('name', like).orWhereILike('company', like));
      };
      const [rows, [count]] = await Promise.all([
        matching().select<ContactRecord[]>('email', 'name', 'company', { lastSentAt: 'updated_at' }).orderByRaw('lower(name) asc nulls last, email_lower asc').offset(query.skip).limit(query.limit),
        matching().count<{ n: string }[]>({ n: '*' }),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    async downloadStatsOf(senderId, from): Promise<DownloadStats> {
      const scope = `from downloads d join transfers t on t.id = d.transfer_id where t.sender_id = :me and t.status = 'live' and d.downloaded_at >= :from`;
      const bindings = { me: senderId, from };
      const [perDay, byCountry, top] = await Promise.all([
        db.raw<{ rows: { date: string; n: string }[] }>(
          `select to_char(d.downloaded_at at time zone 'UTC', 'YYYY-MM-DD') as date, count(*) as n ${scope} group by 1`,
          bindings,
        ),
        db.raw<{ rows: { code: string; name: string; n: string }[] }>(
          `select d.country_code as code, max(d.country) as name, count(*) as n ${scope} group by d.country_code order by n desc, code`,
          bindings,
        ),
        db.raw<{ rows: { slug: string; file_name: string; n: string }[] }>(
          `select t.slug, t.first_file_name as file_name, count(*) as n ${scope} group by t.id order by n desc, max(d.downloaded_at) desc limit 5`,
          bindings,
        ),
      ]);
      return {
        perDay: perDay.rows.map((r) => ({ date: r.date, count: Number(r.n) })),
        byCountry: byCountry.rows.map((r) => ({ code: r.code, name: r.name, count: Number(r.n) })),
        top: top.rows.map((r) => ({ slug: r.slug, fileName: r.file_name, downloads: Number(r.n) })),
      };
    },

    async transferStatesOf(senderId, now, expiringBefore) {
      const { rows } = await db.raw<{ rows: { unseen: string; expiring: string }[] }>(
        `select
           count(*) filter (where download_count = 0) as unseen,
           count(*) filter (where expiry_date < :soon) as expiring
         from transfers
         where sender_id = :me and status = 'live' and expiry_date >= :now`,
        { me: senderId, now, soon: expiringBefore },
      );
      return { unseen: Number(rows[0]?.unseen ?? 0), expiring: Number(rows[0]?.expiring ?? 0) };
    },

    async latestDownloadsOf(senderId, limit) {
      const { rows } = await db.raw<{ rows: Array<DownloadRow & { slug: string }> }>(
        `select d.*, t.slug from downloads d join transfers t on t.id = d.transfer_id
         where t.sender_id = ? and t.status = 'live'
         order by d.downloaded_at desc, d.id desc limit ?`,
        [senderId, limit],
      );
      return rows.map((row) => ({ ...toDownload(row), slug: row.slug }));
    },
  };
}
