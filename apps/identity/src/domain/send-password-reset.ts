import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_REQUESTED, type TPasswordResetAsked } from '@ferry/contracts';
import { addMs, type IdentityDeps } from './identity.deps';
import type { IdentityTx } from './identity.ports';
import { PASSWORD_RESET_TTL_MS } from './password-reset.rules';
import { createSecretToken, hashSecretToken } from './secret-token';

/**
 * Answers a reset request off the request path: when the address has an account, stores a
 * single-use token (its hash) and asks for the mail (PASSWORD_RESET_REQUESTED, which the mail
 * service sends); otherwise does nothing.
 */
export async function sendPasswordReset(deps: Pick<IdentityDeps, 'clock'>, tx: IdentityTx, asked: TPasswordResetAsked): Promise<void> {
  const user = await tx.findUserByEmail(asked.email);
  if (!user) return;
  const now = deps.clock();
  const token = createSecretToken();
  const expiresAt = addMs(now, PASSWORD_RESET_TTL_MS);
  await tx.insertPasswordReset({
    id: randomUUID(),
    userId: user.id,
    tokenHash: hashSecretToken(token),
    createdAt: now,
    expiresAt,
    usedAt: null,
  });
  await tx.emit(PASSWORD_RESET_REQUESTED, {
    userId: user.id,
    email: user.email,
    fullName: user.fullName,
    token,
    lang: asked.lang ?? user.lang,
    expiresAt: expiresAt.toISOString(),
  });
}
