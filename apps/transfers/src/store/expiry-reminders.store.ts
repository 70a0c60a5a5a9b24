import type { ExpiryReminderStore } from '../domain/transfers.ports';
import { toRecipient, type RecipientRow } from './transfer-contents.store';
import { transfersTable, type Db } from './transfer.store';

export function createExpiryReminderStore(db: Db): ExpiryReminderStore {
  return {
    async listReminderDue(now, remindAhead, limit) {
      const rows: Array<{ id: string }> = await transfersTable(db)
        .select('transfers.id')
        .where({ status: 'live', send_as: 'email', restricted: false })
        .whereNull('purged_at')
        .whereNotNull('sender_id')
        .where('expiry_date', '>', now)
        .where('expiry_date', '<=', new Date(now.getTime() + remindAhead))
        // Only a transfer that was live for a day before its last day is reminded (not a 30-minute custom date).
        .whereRaw('date_sent <= expiry_date - make_interval(secs => ?)', [remindAhead / 1000])
        .whereNotExists((q) => q.select(db.raw('1')).from('expiry_reminders').whereRaw('expiry_reminders.transfer_id = transfers.id'))
        .orderBy('expiry_date')
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async claimReminder(transferId, decision) {
      const inserted = await db('expiry_reminders')
        .insert({ transfer_id: transferId, is_sent: decision.isSent, recipient_count: decision.recipientCount, decided_at: decision.now })
        .onConflict('transfer_id')
        .ignore()
        .returning('transfer_id');
      return inserted.length === 1;
    },

    async recipientsNotDownloaded(transferId) {
      const rows: RecipientRow[] = await db<RecipientRow>('transfer_recipients')
        .where({ transfer_id: transferId })
        .whereNotExists((q) => q.select(db.raw('1')).from('downloads').whereRaw('downloads.recipient_id = transfer_recipients.id'))
        .orderBy('email');
      return rows.map(toRecipient);
    },
  };
}
