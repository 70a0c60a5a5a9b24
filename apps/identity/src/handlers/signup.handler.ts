import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { signup } from '../domain/signup';

export function signupHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.signup, (request) => signup(deps, parseOrThrow(IDENTITY_RPC.signup.request, request, 'request')));
}
