import { EMAIL_CODE_REQUESTED, type IDENTITY_RPC, type TCodePurpose } from '@ferry/contracts';
import { decryptEmailCode, encryptEmailCode, generateEmailCode, hashEmailCode } from './email-code-crypto';
import { networkOf } from './client-network';
import { findEmailCodeLockoutEnd } from './email-code-lockout';
import { EMAIL_CODE_RESEND_LOCK_MS, EMAIL_CODE_TTL_MS, isEmailCodeAlive } from './email-code.rules';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { emailTakenError, resendTooSoonError, tooManyCodeAttemptsError } from './identity.errors';
import type { EmailCodeRecord } from './identity.ports';
import { secondsUntil } from './retry-after';

/**
 * Sends a 5-digit code to an email. While the last code is alive a resend repeats it
 * (the user may already be typing it); a request within 2 s of the last send is refused.
 */
export async function requestEmailCode(
  deps: IdentityDeps,
  request: Omit<RpcRequest<typeof IDENTITY_RPC.requestEmailCode>, 'purpose'> & { purpose: TCodePurpose },
): Promise<Record<string, never>> {
  const { email, purpose } = request;
  const now = deps.clock();
  if (purpose === 'register' && (await deps.store.findUserByEmail(email))) throw emailTakenError();

  await deps.store.transaction(async (tx) => {
    const lockoutEnd = await findEmailCodeLockoutEnd(tx, email, networkOf(request.client?.ip), now);
    if (lockoutEnd) throw tooManyCodeAttemptsError(secondsUntil(lockoutEnd, now));

    const current = await tx.lockEmailCode(email, purpose);
    const resendAt = current && addMs(current.lastSentAt, EMAIL_CODE_RESEND_LOCK_MS);
    if (resendAt && resendAt.getTime() > now.getTime()) throw resendTooSoonError(secondsUntil(resendAt, now));

    const repeated = current && isEmailCodeAlive(current, now) ? reopen(deps, current) : undefined;
    const code = repeated ?? generateEmailCode();
    const saved: EmailCodeRecord =
      repeated && current
        ? { ...current, lastSentAt: now }
        : {
            email,
            purpose,
            codeHash: hashEmailCode(deps.keys, email, purpose, code),
            codeEncrypted: encryptEmailCode(deps.keys, email, purpose, code),
            attempts: 0,
            issuedAt: now,
            lastSentAt: now,
            expiresAt: addMs(now, EMAIL_CODE_TTL_MS),
            consumedAt: null,
          };
    await tx.saveEmailCode(saved);
    await tx.emit(EMAIL_CODE_REQUESTED, {
      email,
      purpose,
      code,
      lang: request.lang ?? 'en',
      expiresAt: saved.expiresAt.toISOString(),
    });
  });
  return {};
}

/** The stored code in clear, or undefined when it cannot be opened (the secret changed): then a new code is sent. */
function reopen(deps: IdentityDeps, code: EmailCodeRecord): string | undefined {
  try {
    return decryptEmailCode(deps.keys, code.email, code.purpose, code.codeEncrypted);
  } catch {
    deps.log.warn({ purpose: code.purpose }, 'stored email code could not be decrypted; issuing a new one');
    return undefined;
  }
}
