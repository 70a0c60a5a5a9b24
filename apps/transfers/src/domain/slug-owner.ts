import type { TRANSFERS_RPC } from '@ferry/contracts';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** Who owns a transfer's or a request's slug, for the gateway's custom hosts (null: no such slug, or an anonymous sender's). */
export async function slugOwner(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.slugOwner>): Promise<{ ownerId: string | null }> {
  if (request.kind === 'request') return { ownerId: (await deps.store.findRequestBySlug(request.slug))?.ownerId ?? null };
  return { ownerId: (await deps.store.findTransferBySlug(request.slug))?.ownerId ?? null };
}
