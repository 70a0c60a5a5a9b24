import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { login } from '../domain/login';

export function loginHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.login, (request) => login(deps, parseOrThrow(IDENTITY_RPC.login.request, request, 'request')));
}
