import type { TRANSFERS_RPC } from '@ferry/contracts';
import { checkTransferPassword } from './transfer-password';
import { isActive } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { notFoundError, passwordRequiredError, transferExpiredError, transferRestrictedError } from './transfers.errors';
import type { RecipientRecord, TransferFileRecord, TransferRecord } from './transfers.ports';

type PublicAccess = Pick<RpcRequest<typeof TRANSFERS_RPC.publicGet>, 'slug' | 'password' | 'recipient' | 'client'>;

export interface OpenedTransfer {
  transfer: TransferRecord;
  /** Its complete files. */
  files: TransferFileRecord[];
  /** The mailed recipient whose link was used, if any. */
  recipient: RecipientRecord | null;
}

/**
 * The checks of every public call, in the order that reveals least: unknown (rate-limited per
 * address), disabled by the sender, expired, then the password (limited per address and per
 * transfer: `checkTransferPassword`). Nothing is answered before the password when there is one.
 */
export async function openPublicTransfer(deps: TransfersDeps, access: PublicAccess, options: { allowExpired?: boolean } = {}): Promise<OpenedTransfer> {
  await deps.slugMisses.check(access.client.ip);
  const transfer = await deps.store.findTransferBySlug(access.slug);
  if (!transfer || transfer.status !== 'live' || transfer.purgedAt) {
    await deps.slugMisses.record(access.client.ip);
    throw notFoundError();
  }
  if (transfer.restricted) throw transferRestrictedError();
  if (!options.allowExpired && !isActive(transfer, deps.clock())) throw transferExpiredError();
  const recipient = access.recipient ? ((await deps.store.findRecipient(transfer.id, access.recipient)) ?? null) : null;
  if (transfer.passwordHash) {
    if (!access.password) throw passwordRequiredError();
    await checkTransferPassword(deps, { id: transfer.id, passwordHash: transfer.passwordHash }, access.password, { ip: access.client.ip ?? '', isRecipient: recipient !== null });
  }
  return { transfer, files: await deps.store.filesOf([transfer.id], { completeOnly: true }), recipient };
}
