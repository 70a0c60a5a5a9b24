import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_REQUESTED, type IDENTITY_RPC } from '@ferry/contracts';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { PASSWORD_RESET_TTL_MS } from './password-reset.rules';
import { createSecretToken, hashSecretToken } from './secret-token';

/**
 * Mails a single-use reset link when the account exists. The answer is the same either
 * way, so it does not tell who has an account.
 */
export async function requestPasswordReset(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.requestPasswordReset>,
): Promise<Record<string, never>> {
  const user = await deps.store.findUserByEmail(request.email);
  if (!user) return {};
  const now = deps.clock();
  const token = createSecretToken();
  const expiresAt = addMs(now, PASSWORD_RESET_TTL_MS);
  await deps.store.transaction(async (tx) => {
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
      lang: request.lang ?? user.lang,
      expiresAt: expiresAt.toISOString(),
    });
  });
  return {};
}
