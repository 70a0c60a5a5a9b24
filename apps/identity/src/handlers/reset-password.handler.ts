import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { resetPassword } from '../domain/reset-password';

export function resetPasswordHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.resetPassword, (request) => resetPassword(deps, parseOrThrow(IDENTITY_RPC.resetPassword.request, request, 'request')));
}
