import type { ACCOUNT_LIFECYCLE_RPC, TUser } from '@ferry/contracts';
import { noEmailChangeError } from './account-lifecycle.errors';
import { EMAIL_CODE_TTL_MS } from './email-code.rules';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { emailTakenError, userNotFoundError } from './identity.errors';
import { requestEmailCode } from './request-email-code';
import { publishRevocations, revokeUserTokens } from './revoke-sessions';
import { loadUserJson } from './user-json';
import { verifyEmailCode } from './verify-email-code';

/**
 * Mails a code to the address the user wants instead (the email-code rules apply: 5 digits,
 * 10 minutes, resend lock, lockouts). The address changes only when the code comes back.
 */
export async function requestEmailChange(
  deps: IdentityDeps,
  request: RpcRequest<typeof ACCOUNT_LIFECYCLE_RPC.requestEmailChange>,
): Promise<Record<string, never>> {
  const user = await deps.store.findUserById(request.userId);
  if (!user) throw userNotFoundError();
  if (await deps.store.findUserByEmail(request.newEmail)) throw emailTakenError();
  await deps.store.saveEmailChangeRequest(user.id, request.newEmail, deps.clock());
  return requestEmailCode(deps, { email: request.newEmail, purpose: 'change-email', lang: request.lang ?? user.lang, client: request.client });
}

/**
 * The code mailed to the new address makes it the account's email; the old access tokens (which
 * carry the old email) stop working and the client's refresh gets the new one.
 */
export async function confirmEmailChange(
  deps: IdentityDeps,
  request: RpcRequest<typeof ACCOUNT_LIFECYCLE_RPC.confirmEmailChange>,
): Promise<TUser> {
  const pending = await deps.store.findEmailChangeRequest(request.userId);
  const isAlive = pending && pending.newEmail === request.newEmail && pending.requestedAt.getTime() + EMAIL_CODE_TTL_MS > deps.clock().getTime();
  if (!isAlive) throw noEmailChangeError();
  await verifyEmailCode(deps, { email: request.newEmail, code: request.code, purpose: 'change-email', client: request.client });
  const user = await deps.store.transaction(async (tx) => {
    const now = deps.clock();
    await tx.changeUserEmail(request.userId, request.newEmail, now);
    await revokeUserTokens(deps, tx, request.userId);
    const changed = await tx.findUserById(request.userId);
    if (!changed) throw userNotFoundError();
    return loadUserJson(tx, changed);
  });
  await publishRevocations(deps);
  return user;
}
