import type { IDENTITY_RPC, TIssuedSession } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { refreshInvalidError } from './identity.errors';
import { issueSession } from './issue-session';
import { publishRevocations, revokeSessionTokens } from './revoke-sessions';
import { isSecretTokenMatch, parseRefreshToken } from './secret-token';

type RefreshOutcome = { kind: 'issued'; session: TIssuedSession } | { kind: 'invalid' } | { kind: 'reused'; userId: string };

/**
 * Trades a refresh token for a new session in the same family. A token is good once:
 * presenting an already rotated one means it leaked, so the whole family is revoked
 * (the thief's and the owner's newest token alike, refresh and access tokens).
 */
export async function refreshSession(
  deps: IdentityDeps,
  request: RpcRequest<typeof IDENTITY_RPC.refresh>,
): Promise<TIssuedSession> {
  const parsed = parseRefreshToken(request.refreshToken);
  if (!parsed) throw refreshInvalidError();
  const now = deps.clock();

  const outcome = await deps.store.transaction(async (tx): Promise<RefreshOutcome> => {
    const token = await tx.lockRefreshToken(parsed.id);
    if (!token || !isSecretTokenMatch(parsed.secret, token.tokenHash) || token.revokedAt) return { kind: 'invalid' };
    if (token.rotatedAt) {
      await tx.revokeRefreshTokenFamily(token.familyId, now);
      await revokeSessionTokens(deps, tx, token.userId, token.familyId);
      return { kind: 'reused', userId: token.userId };
    }
    if (token.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' };
    const user = await tx.findUserById(token.userId);
    if (!user) return { kind: 'invalid' };

    await tx.markRefreshTokenRotated(token.id, now);
    const session = await issueSession(deps, tx, user, {
      client: request.client,
      rotatedFrom: { id: token.id, familyId: token.familyId },
    });
    return { kind: 'issued', session };
  });

  if (outcome.kind === 'issued') return outcome.session;
  if (outcome.kind === 'reused') {
    await publishRevocations(deps);
    deps.log.warn({ userId: outcome.userId, ip: request.client?.ip }, 'rotated refresh token presented again; family revoked');
  }
  throw refreshInvalidError();
}
