import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { acceptInvite } from '../domain/accept-invite';

export function acceptInviteHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.acceptInvite, (request) => acceptInvite(deps, parseOrThrow(IDENTITY_RPC.acceptInvite.request, request, 'request')));
}
