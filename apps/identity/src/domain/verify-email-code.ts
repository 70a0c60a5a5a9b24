import type { IDENTITY_RPC } from '@ferry/contracts';
import { isEmailCodeMatch } from './email-code-crypto';
import { EMAIL_CODE_FAILURE_WINDOW_MS, EMAIL_CODE_MAX_CHECKS, EMAIL_CODE_MAX_FAILURES } from './email-code.rules';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { codeExpiredError, codeIncorrectError, tooManyCodeAttemptsError } from './identity.errors';
import { createSecretToken, hashSecretToken } from './secret-token';

type CheckOutcome = 'verified' | 'incorrect' | 'expired' | 'too-many';

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
  const ticket = createSecretToken();

  const outcome = await deps.store.transaction(async (tx): Promise<CheckOutcome> => {
    const failures = await tx.countEmailCodeFailures(email, addMs(now, -EMAIL_CODE_FAILURE_WINDOW_MS));
    if (failures >= EMAIL_CODE_MAX_FAILURES) return 'too-many';

    const current = await tx.lockEmailCode(email, purpose);
    if (!current || current.consumedAt) return 'expired';
    if (current.attempts >= EMAIL_CODE_MAX_CHECKS) return 'too-many';
    if (current.expiresAt.getTime() <= now.getTime()) return 'expired';

    const attempts = current.attempts + 1;
    if (isEmailCodeMatch(deps.keys, email, purpose, code, current.codeHash)) {
      await tx.saveEmailCode({ ...current, attempts, consumedAt: now });
      await tx.recordEmailVerification(email, purpose, now, hashSecretToken(ticket));
      return 'verified';
    }
    await tx.saveEmailCode({ ...current, attempts });
    await tx.recordEmailCodeFailure(email, now);
    return 'incorrect';
  });

  switch (outcome) {
    case 'verified':
      return { verified: true, ticket };
    case 'incorrect':
      throw codeIncorrectError();
    case 'expired':
      throw codeExpiredError();
    case 'too-many':
      throw tooManyCodeAttemptsError();
  }
}
