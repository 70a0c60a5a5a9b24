import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { updateMe } from '../domain/update-me';

export function updateMeHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.updateMe, (request) => updateMe(deps, parseOrThrow(IDENTITY_RPC.updateMe.request, request, 'request')));
}
