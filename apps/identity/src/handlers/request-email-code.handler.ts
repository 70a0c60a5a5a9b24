import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { requestEmailCode } from '../domain/request-email-code';

export function requestEmailCodeHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.requestEmailCode, (request) => requestEmailCode(deps, parseOrThrow(IDENTITY_RPC.requestEmailCode.request, request, 'request')));
}
