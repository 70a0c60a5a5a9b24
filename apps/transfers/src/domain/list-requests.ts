import type { REQUESTS_RPC, TRequestList } from '@ferry/contracts';
import { requestSummaryView } from './request-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { ownerLinkOrigin } from './sender-branding';

/** `GET /requests`: the caller's requests, newest first, with how many files each received. */
export async function listRequests(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.list>): Promise<TRequestList> {
  const { rows, total } = await deps.store.listRequestsOf(request.caller.sub, request.query);
  const now = deps.clock();
  const origin = await ownerLinkOrigin(deps, request.caller.sub);
  return { items: rows.map((row) => requestSummaryView(row, origin, now)), total };
}
