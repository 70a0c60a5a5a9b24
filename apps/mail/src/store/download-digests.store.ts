import { randomUUID } from 'node:crypto';
import type { TLang, TNotification } from '@ferry/contracts';
import type { Knex } from '@ferry/db';

export interface DownloadDigestRow {
  id: string;
  recipient: string;
  slug: string;
  lang: TLang;
  opened_at: Date;
  due_at: Date;
  sent_at: Date | null;
}

const digests = (db: Knex | Knex.Transaction) => db<DownloadDigestRow>('download_digests');
const entries = (db: Knex | Knex.Transaction) => db('download_digest_entries');

export async function hasDigestEntry(trx: Knex.Transaction, eventId: string): Promise<boolean> {
  return (await entries(trx).where({ event_id: eventId }).first('event_id')) !== undefined;
}

/**
 * The transfer's open digest for `recipient`, opened now (due at `dueAt`) when there is none,
 * locked until the transaction ends so it is not sent while a download joins it.
 */
export async function lockOpenDigest(
  trx: Knex.Transaction,
  key: { recipient: string; slug: string; lang: TLang },
  times: { now: Date; dueAt: Date },
): Promise<string> {
  // A digest sent while this waited for its lock is no longer open: the next round opens a new one.
  for (let round = 0; round < 3; round += 1) {
    await trx.raw(
      `insert into download_digests (id, recipient, slug, lang, opened_at, due_at) values (?, ?, ?, ?, ?, ?)
       on conflict (recipient, slug) where sent_at is null do nothing`,
      [randomUUID(), key.recipient, key.slug, key.lang, times.now, times.dueAt],
    );
    const open = await digests(trx).where({ recipient: key.recipient, slug: key.slug }).whereNull('sent_at').forUpdate().first('id');
    if (open) return open.id;
  }
  throw new Error('no open download digest after three rounds');
}

export async function addDigestEntry(trx: Knex.Transaction, entry: { eventId: string; digestId: string; notification: TNotification }): Promise<void> {
  await entries(trx).insert({ event_id: entry.eventId, digest_id: entry.digestId, notification: JSON.stringify(entry.notification) });
}

/** The oldest digest whose window has ended, locked; null when none is due (or all are being sent elsewhere). */
export async function claimDueDigest(trx: Knex.Transaction, now: Date): Promise<DownloadDigestRow | null> {
  const row = await digests(trx).whereNull('sent_at').where('due_at', '<=', now).orderBy('due_at').forUpdate().skipLocked().first();
  return row ?? null;
}

/** The downloads a digest collected, in the order they arrived. */
export async function digestNotifications(trx: Knex.Transaction, digestId: string): Promise<TNotification[]> {
  const rows: Array<{ notification: TNotification }> = await entries(trx).where({ digest_id: digestId }).orderBy('seq').select('notification');
  return rows.map((row) => row.notification);
}

export async function markDigestSent(trx: Knex.Transaction, digestId: string, sentAt: Date): Promise<void> {
  await digests(trx).where({ id: digestId }).update({ sent_at: sentAt });
}

/** A digest whose mail failed is tried again at `dueAt`, without holding up the others. */
export async function postponeDigest(db: Knex, digestId: string, dueAt: Date): Promise<void> {
  await digests(db).where({ id: digestId }).whereNull('sent_at').update({ due_at: dueAt });
}
