import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { getTeam } from '../domain/get-team';

export function getTeamHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.getTeam, (request) => getTeam(deps, parseOrThrow(IDENTITY_RPC.getTeam.request, request, 'request')));
}
