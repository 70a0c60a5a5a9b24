import type { TRANSFERS_RPC, TTransferList } from '@ferry/contracts';
import { monthStart } from './sender-checks';
import { summaryView } from './transfer-view';
import { EXPIRING_MS, type RpcRequest, type TransfersDeps } from './transfers.deps';
import { ownerLinkOrigin } from './sender-branding';

/**
 * `GET /transfers`: the caller's transfers (or those shared with them) with the tab counts.
 * Filters: all, active, expired, shared, unseen (active, never downloaded), expiring (active,
 * under 2.2 days left). Sorted by lastModified (newest first by default) or name; paged by skip.
 */
export async function listTransfers(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.list>): Promise<TTransferList> {
  const { caller, query } = request;
  const me = caller.sub;
  const now = deps.clock();
  const counting = deps.store.countTransfers(me, now, monthStart(now));
  counting.catch(() => undefined);
  const transfers = await deps.store.listTransfers({ ...query, viewerId: me, now, expiringBefore: new Date(now.getTime() + EXPIRING_MS) });
  const ids = transfers.map((t) => t.id);
  // Each owner's links on its company's host (a transfer shared with the viewer may be another company's).
  const owners = [...new Set(transfers.map((t) => t.ownerId))];
  const [recipients, downloads, counts, originList] = await Promise.all([
    deps.store.recipientsOf(ids),
    deps.store.downloadsOf(ids, 20),
    counting,
    Promise.all(owners.map((owner) => ownerLinkOrigin(deps, owner))),
  ]);
  const origins = new Map(owners.map((owner, i) => [owner, originList[i] ?? deps.publicUrl]));
  return {
    items: transfers.map((transfer) =>
      summaryView(
        transfer,
        { recipients: recipients.filter((r) => r.transferId === transfer.id), downloads: downloads.filter((d) => d.transferId === transfer.id) },
        me,
        origins.get(transfer.ownerId) ?? deps.publicUrl,
        now,
      ),
    ),
    counts,
  };
}
