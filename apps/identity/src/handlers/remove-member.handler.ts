import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { removeMember } from '../domain/remove-member';

export function removeMemberHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.removeMember, (request) => removeMember(deps, parseOrThrow(IDENTITY_RPC.removeMember.request, request, 'request')));
}
