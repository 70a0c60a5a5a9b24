import { createHash, randomBytes } from 'node:crypto';
import { writeEvent } from '@ferry/bus';
import { AppError, TRANSFER_EXTENDED, TRANSFER_EXTENSION_OFFERED, TRANSFERS_RPC } from '@ferry/contracts';
import { recipientsOf, transfersTable, type Db, type TransferRow } from '../store/transfers.store';
import { purgeObjects } from './manage-transfer';
import { openPublicTransfer } from './public-access';
import { isActive, recipientUrl } from './transfer-view';
import { EXTENSION_MS, HOUR_MS, type RpcRequest, type TransfersDeps } from './transfers.deps';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const linkExpired = () => new AppError('LINK_EXPIRED', { message: 'Link expired' });

/** Opens an extension offer (a one-use link for the sender) and writes the event that mails it. */
async function offerExtension(trx: Db, row: TransferRow, reason: 'expired' | 'requested', requestedBy: string | null, now: Date): Promise<void> {
  if (!row.sender_email) return;
  const token = randomBytes(24).toString('base64url');
  await transfersTable(trx).where({ id: row.id }).update({ extension_token_hash: hashToken(token), extension_offered_at: now });
  await writeEvent(trx, TRANSFER_EXTENSION_OFFERED, {
    transferId: row.id,
    slug: row.slug,
    reason,
    requestedBy,
    senderEmail: row.sender_email,
    lang: row.lang,
    fileName: row.first_file_name,
    extensionToken: token,
    expiredAt: row.expiry_date.toISOString(),
  });
}

/**
 * `POST /extensions/{token}`: the sender's one-use link adds 48 hours (from now, for an expired
 * transfer) and the recipients are told the new date. A used, unknown or purged link: 410.
 */
export async function extendTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.extend>): Promise<{ expiryDate: number }> {
  const now = deps.clock();
  const result = await deps.db.transaction(async (trx) => {
    const row = await transfersTable(trx).where({ extension_token_hash: hashToken(request.token), status: 'live' }).whereNull('purged_at').forUpdate().first();
    if (!row) throw linkExpired();
    const expiryDate = new Date(Math.max(now.getTime(), row.expiry_date.getTime()) + EXTENSION_MS);
    await transfersTable(trx).where({ id: row.id }).update({ expiry_date: expiryDate, extension_token_hash: null, extension_offered_at: null, extended_at: now, updated_at: now });
    const recipients = await recipientsOf(trx, [row.id]);
    await writeEvent(trx, TRANSFER_EXTENDED, {
      transferId: row.id,
      slug: row.slug,
      senderEmail: row.sender_email,
      lang: row.lang,
      recipients: recipients.map((r) => ({ email: r.email, name: r.name, link: recipientUrl(deps.publicUrl, row.slug, r.token) })),
      expiryDate: expiryDate.toISOString(),
    });
    return { expiryDate: expiryDate.getTime() };
  });
  deps.eventsCommitted();
  return result;
}

/**
 * A recipient on an expired link asks for more time: the sender gets the one-click extension
 * mail. Asked again within the hour, nothing more is sent.
 */
export async function requestExtension(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.requestExtension>): Promise<Record<string, never>> {
  const { transfer } = await openPublicTransfer(deps, request, { allowExpired: true });
  const now = deps.clock();
  if (isActive(transfer, now)) throw new AppError('VALIDATION_FAILED', { message: 'This transfer has not expired' });
  if (transfer.extension_offered_at && now.getTime() - transfer.extension_offered_at.getTime() < HOUR_MS) return {};
  await deps.db.transaction((trx) => offerExtension(trx, transfer, 'requested', request.email ?? null, now));
  deps.eventsCommitted();
  return {};
}

/**
 * The expiry sweep: a transfer that just expired offers its sender an extension; one expired
 * longer than the grace period, or deleted, has its objects purged (never before).
 */
export async function sweepExpired(deps: TransfersDeps, batch = 200): Promise<{ offered: number; purged: number }> {
  const now = deps.clock();
  let offered = 0;
  const expired = await transfersTable(deps.db)
    .where({ status: 'live' })
    .where('expiry_date', '<', now)
    .whereNull('extension_offered_at')
    .whereNull('purged_at')
    .limit(batch);
  for (const row of expired) {
    await deps.db.transaction(async (trx) => {
      const locked = await transfersTable(trx).where({ id: row.id }).whereNull('extension_offered_at').forUpdate().first();
      if (locked) {
        await offerExtension(trx, locked, 'expired', null, now);
        // Marked even without a sender email, so it is not looked at again.
        if (!locked.sender_email) await transfersTable(trx).where({ id: row.id }).update({ extension_offered_at: now });
        offered += 1;
      }
    });
  }
  if (offered > 0) deps.eventsCommitted();

  let purged = 0;
  const due = await transfersTable(deps.db)
    .whereNull('purged_at')
    .where((w) => w.where({ status: 'deleted' }).orWhere((x) => x.where({ status: 'live' }).where('expiry_date', '<', new Date(now.getTime() - deps.purgeGraceMs))))
    .limit(batch);
  for (const row of due) {
    try {
      await purgeObjects(deps, row.id);
      purged += 1;
    } catch (error) {
      deps.log.warn({ err: error, transferId: row.id }, 'purge failed; retried on the next sweep');
    }
  }
  return { offered, purged };
}
