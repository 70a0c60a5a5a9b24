import type { IDENTITY_RPC } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';

/**
 * Keeps what the feedback widget sent. A signed-in sender is linked by id (and answered at their
 * own address unless they gave another); an id that names no account is stored as a visitor's.
 */
export async function submitFeedback(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.submitFeedback>): Promise<{ id: string }> {
  const user = request.userId ? await deps.store.findUserById(request.userId) : undefined;
  return deps.store.insertFeedback({
    userId: user?.id ?? null,
    email: request.email ?? user?.email ?? null,
    rating: request.rating,
    comment: request.comment,
    page: request.page ?? null,
    userAgent: request.client?.userAgent ?? null,
    now: deps.clock(),
  });
}
