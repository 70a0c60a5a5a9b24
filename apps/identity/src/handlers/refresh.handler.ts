import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { refreshSession } from '../domain/refresh-session';

export function refreshHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.refresh, (request) => refreshSession(deps, parseOrThrow(IDENTITY_RPC.refresh.request, request, 'request')));
}
