import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { getMe } from '../domain/get-me';

export function getMeHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.getMe, (request) => getMe(deps, parseOrThrow(IDENTITY_RPC.getMe.request, request, 'request')));
}
