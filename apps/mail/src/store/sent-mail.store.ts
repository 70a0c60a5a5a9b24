import type { Knex } from '@ferry/db';
import type { SentMailLog, SentMailRecord } from '../domain/deliver-mail';
import type { MailKind } from '../domain/mail.types';

export interface SentMailRow {
  eventId: string;
  kind: MailKind;
  recipient: string;
  messageId: string;
  sentAt: Date;
}

/**
 * A transaction lock on one recipient: deliveries take it shared (they do not wait for each other),
 * the purge of a deleted account takes it alone. A delivery's row is inserted before its mail goes out
 * and committed after, so without the lock a purge running meanwhile would not see the row, and the
 * deleted person's address would stay in `sent_mails`.
 */
export async function lockRecipient(trx: Knex.Transaction, recipient: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const fn = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await trx.raw(`select ${fn}(hashtextextended(?, 0))`, [`mail-recipient:${recipient.toLowerCase()}`]);
}

/** Inserts the event's row unless it exists; true when this call inserted it. */
export async function claimSentMail(trx: Knex.Transaction, record: SentMailRecord): Promise<boolean> {
  await lockRecipient(trx, record.recipient, 'shared');
  const inserted = await trx('sent_mails')
    .insert({ event_id: record.eventId, kind: record.kind, recipient: record.recipient, message_id: record.messageId })
    .onConflict('event_id')
    .ignore()
    .returning('event_id');
  return inserted.length > 0;
}

export async function markMailSent(trx: Knex.Transaction, eventId: string, sentAt: Date): Promise<void> {
  await trx('sent_mails').where({ event_id: eventId }).update({ sent_at: sentAt });
}

/** The sent-mail record bound to one delivery's transaction. */
export function sentMailLog(trx: Knex.Transaction): SentMailLog {
  return {
    claim: (record) => claimSentMail(trx, record),
    markSent: (eventId, sentAt) => markMailSent(trx, eventId, sentAt),
  };
}

export async function findSentMails(db: Knex, filter: { recipient?: string } = {}): Promise<SentMailRow[]> {
  const rows: Array<{ event_id: string; kind: MailKind; recipient: string; message_id: string; sent_at: Date }> = await db(
    'sent_mails',
  )
    .where(filter.recipient ? { recipient: filter.recipient } : {})
    .orderBy('sent_at');
  return rows.map((row) => ({
    eventId: row.event_id,
    kind: row.kind,
    recipient: row.recipient,
    messageId: row.message_id,
    sentAt: row.sent_at,
  }));
}
