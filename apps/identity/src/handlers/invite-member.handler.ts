import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { inviteMember } from '../domain/invite-member';

export function inviteMemberHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.inviteMember, (request) => inviteMember(deps, parseOrThrow(IDENTITY_RPC.inviteMember.request, request, 'request')));
}
