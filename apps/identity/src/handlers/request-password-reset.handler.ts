import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { requestPasswordReset } from '../domain/request-password-reset';

export function requestPasswordResetHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.requestPasswordReset, (request) => requestPasswordReset(deps, parseOrThrow(IDENTITY_RPC.requestPasswordReset.request, request, 'request')));
}
