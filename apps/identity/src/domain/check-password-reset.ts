import type { IDENTITY_RPC } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { resetTokenInvalidError } from './identity.errors';
import { isPasswordResetUsable } from './password-reset.rules';
import { hashSecretToken } from './secret-token';

/** Lets the set-password page know whether its link still works. */
export async function checkPasswordReset(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.checkPasswordReset>,
): Promise<{ valid: true }> {
  const reset = await deps.store.findPasswordReset(hashSecretToken(request.token));
  if (!isPasswordResetUsable(reset, deps.clock())) throw resetTokenInvalidError();
  return { valid: true };
}
