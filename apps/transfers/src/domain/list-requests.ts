import type { REQUESTS_RPC, TRequestList } from '@ferry/contracts';
import { requestSummaryView } from './request-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** `GET /requests`: the caller's requests, newest first, with how many files each received. */
export async function listRequests(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.list>): Promise<TRequestList> {
  const { rows, total } = await deps.store.listRequestsOf(request.caller.sub, request.query);
  const now = deps.clock();
  return { items: rows.map((row) => requestSummaryView(row, deps.publicUrl, now)), total };
}
