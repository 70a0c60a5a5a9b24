import type { IDENTITY_RPC } from '@ferry/contracts';
import { EMAIL_VERIFICATION_VALID_MS } from './email-code.rules';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { hashSecretToken } from './secret-token';

/**
 * Whether the caller holding `ticket` verified `email` for `purpose` within the last 24 hours.
 * Anonymous senders verify once and send several transfers that day, so nothing is used up.
 */
export async function checkEmailVerification(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.checkEmailVerification>,
): Promise<{ verified: boolean }> {
  const since = addMs(deps.clock(), -EMAIL_VERIFICATION_VALID_MS);
  return { verified: await deps.store.hasEmailVerification(request.email, request.purpose, since, hashSecretToken(request.ticket)) };
}
