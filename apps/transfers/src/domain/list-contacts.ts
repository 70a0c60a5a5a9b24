import type { DASHBOARD_RPC, TContactList } from '@ferry/contracts';
import { ownerIdOf } from './access';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** `GET /contacts`: the people the account has sent to by email (a team member shares the admin's). */
export async function listContacts(deps: TransfersDeps, request: RpcRequest<typeof DASHBOARD_RPC.listContacts>): Promise<TContactList> {
  const { rows, total } = await deps.store.searchContacts(ownerIdOf(request.caller), request.query);
  return { items: rows.map((r) => ({ email: r.email, name: r.name, company: r.company, lastSent: r.lastSentAt.getTime() })), total };
}
