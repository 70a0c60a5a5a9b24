import { IDENTITY_RPC, parseOrThrow } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { submitFeedback } from '../domain/submit-feedback';

export function submitFeedbackHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.submitFeedback, (request) =>
    submitFeedback(deps, parseOrThrow(IDENTITY_RPC.submitFeedback.request, request, 'request')),
  );
}
