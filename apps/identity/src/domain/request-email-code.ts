import { EMAIL_CODE_REQUESTED, type IDENTITY_RPC } from '@ferry/contracts';
import { decryptEmailCode, encryptEmailCode, generateEmailCode, hashEmailCode } from './email-code-crypto';
import {
  EMAIL_CODE_FAILURE_WINDOW_MS,
  EMAIL_CODE_MAX_FAILURES,
  EMAIL_CODE_RESEND_LOCK_MS,
  EMAIL_CODE_TTL_MS,
  isEmailCodeAlive,
} from './email-code.rules';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { emailTakenError, resendTooSoonError, tooManyCodeAttemptsError } from './identity.errors';
import type { EmailCodeRecord } from './identity.ports';

/**
 * Sends a 5-digit code to an email. While the last code is alive a resend repeats it
 * (the user may already be typing it); a request within 2 s of the last send is refused.
 */
export async function requestEmailCode(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.requestEmailCode>,
): Promise<Record<string, never>> {
  const { email, purpose } = request;
  const now = deps.clock();
  if (purpose === 'register' && (await deps.store.findUserByEmail(email))) throw emailTakenError();

  await deps.store.transaction(async (tx) => {
    const failures = await tx.countEmailCodeFailures(email, addMs(now, -EMAIL_CODE_FAILURE_WINDOW_MS));
    if (failures >= EMAIL_CODE_MAX_FAILURES) throw tooManyCodeAttemptsError();

    const current = await tx.lockEmailCode(email, purpose);
    if (current && now.getTime() - current.lastSentAt.getTime() < EMAIL_CODE_RESEND_LOCK_MS) throw resendTooSoonError();

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
