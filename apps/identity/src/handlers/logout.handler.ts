import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { logout } from '../domain/logout';

export function logoutHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.logout, (request) => logout(deps, parseOrThrow(IDENTITY_RPC.logout.request, request, 'request')));
}
