import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import { checkEmailVerification } from '../domain/check-email-verification';
import type { IdentityDeps } from '../domain/identity.deps';

export function checkEmailVerificationHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.checkEmailVerification, (request) =>
    checkEmailVerification(deps, parseOrThrow(IDENTITY_RPC.checkEmailVerification.request, request, 'request')),
  );
}
