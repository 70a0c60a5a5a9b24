import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { verifyEmailCode } from '../domain/verify-email-code';

export function verifyEmailCodeHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.verifyEmailCode, (request) => verifyEmailCode(deps, parseOrThrow(IDENTITY_RPC.verifyEmailCode.request, request, 'request')));
}
