import { PASSWORD_RESET_ASKED, type IDENTITY_RPC } from '@ferry/contracts';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { tooManyResetRequestsError } from './identity.errors';
import { PASSWORD_RESET_MAX_REQUESTS, PASSWORD_RESET_REQUEST_WINDOW_MS } from './password-reset.rules';
import { secondsUntil } from './retry-after';

/**
 * Takes a reset request without looking the address up: every address gets the same work (a
 * request row and a PASSWORD_RESET_ASKED event) and the same answer, in the same time, so
 * neither tells who has an account. The account lookup, the token and the mail happen on the
 * bus (send-password-reset.ts). Each address gets 3 requests an hour, counted whether or not
 * it has an account, so the 429 tells nothing either.
 */
export async function requestPasswordReset(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.requestPasswordReset>,
): Promise<Record<string, never>> {
  const { email } = request;
  const now = deps.clock();
  await deps.store.transaction(async (tx) => {
    await tx.lockPasswordResetRequests(email);
    const since = addMs(now, -PASSWORD_RESET_REQUEST_WINDOW_MS);
    const oldestCounted = await tx.findNthNewestPasswordResetRequest(email, { since, nth: PASSWORD_RESET_MAX_REQUESTS });
    if (oldestCounted) throw tooManyResetRequestsError(secondsUntil(addMs(oldestCounted, PASSWORD_RESET_REQUEST_WINDOW_MS), now));
    await tx.insertPasswordResetRequest(email, now);
    await tx.emit(PASSWORD_RESET_ASKED, { email, lang: request.lang ?? null, at: now.toISOString() });
  });
  return {};
}
