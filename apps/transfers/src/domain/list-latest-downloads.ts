import type { DASHBOARD_RPC, TLatestDownloads } from '@ferry/contracts';
import { downloadView } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** `GET /downloads?limit=10`: the newest downloads of the caller's transfers, for the dashboard home. */
export async function listLatestDownloads(deps: TransfersDeps, request: RpcRequest<typeof DASHBOARD_RPC.latestDownloads>): Promise<TLatestDownloads> {
  const downloads = await deps.store.latestDownloadsOf(request.caller.sub, request.query.limit);
  return { items: downloads.map((download) => ({ ...downloadView(download), slug: download.slug })) };
}
