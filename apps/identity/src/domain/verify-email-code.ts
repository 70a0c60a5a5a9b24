import type { IDENTITY_RPC } from '@ferry/contracts';
import { networkOf } from './client-network';
import { isEmailCodeMatch } from './email-code-crypto';
import { findEmailCodeLockoutEnd } from './email-code-lockout';
import { EMAIL_CODE_MAX_CHECKS, EMAIL_CODE_RESEND_LOCK_MS } from './email-code.rules';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { codeExpiredError, codeIncorrectError, tooManyCodeAttemptsError } from './identity.errors';
import { secondsUntil } from './retry-after';
import { createSecretToken, hashSecretToken } from './secret-token';

/** `too-many` carries when trying again makes sense: the lockout's end, or when a new code may be asked for. */
type CheckOutcome = { is: 'verified' | 'incorrect' | 'expired' } | { is: 'too-many'; retryAt: Date };

/**
 * Checks a code. A success is recorded as a verification of the email (signup needs
 * one) and uses the code up. Attempts and failures are committed before the error is
 * thrown, so refusing a guess still counts it.
 */
export async function verifyEmailCode(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.verifyEmailCode>,
): Promise<{ verified: true; ticket: string }> {
  const { email, purpose, code } = request;
  const now = deps.clock();
  const network = networkOf(request.client?.ip);
  const ticket = createSecretToken();

  const outcome = await deps.store.transaction(async (tx): Promise<CheckOutcome> => {
    const lockoutEnd = await findEmailCodeLockoutEnd(tx, email, network, now);
    if (lockoutEnd) return { is: 'too-many', retryAt: lockoutEnd };

    const current = await tx.lockEmailCode(email, purpose);
    if (!current || current.consumedAt) return { is: 'expired' };
    if (current.attempts >= EMAIL_CODE_MAX_CHECKS) return { is: 'too-many', retryAt: addMs(current.lastSentAt, EMAIL_CODE_RESEND_LOCK_MS) };
    if (current.expiresAt.getTime() <= now.getTime()) return { is: 'expired' };

    const attempts = current.attempts + 1;
    if (isEmailCodeMatch(deps.keys, email, purpose, code, current.codeHash)) {
      await tx.saveEmailCode({ ...current, attempts, consumedAt: now });
      await tx.recordEmailVerification(email, purpose, now, hashSecretToken(ticket));
      return { is: 'verified' };
    }
    await tx.saveEmailCode({ ...current, attempts });
    await tx.recordEmailCodeFailure(email, network, now);
    return { is: 'incorrect' };
  });

  switch (outcome.is) {
    case 'verified':
      return { verified: true, ticket };
    case 'incorrect':
      throw codeIncorrectError();
    case 'expired':
      throw codeExpiredError();
    case 'too-many':
      throw tooManyCodeAttemptsError(secondsUntil(outcome.retryAt, now));
  }
}
