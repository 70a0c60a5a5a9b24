import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { checkPasswordReset } from '../domain/check-password-reset';

export function checkPasswordResetHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.checkPasswordReset, (request) => checkPasswordReset(deps, parseOrThrow(IDENTITY_RPC.checkPasswordReset.request, request, 'request')));
}
