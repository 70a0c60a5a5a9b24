import type { IDENTITY_RPC, TIssuedSession } from '@ferry/contracts';
import type { ClientInfo, IdentityDeps, RpcRequest } from './identity.deps';
import type { IdentityTx, RefreshTokenRecord } from './identity.ports';
import { refreshInvalidError } from './identity.errors';
import { issueSession } from './issue-session';
import { publishRevocations, revokeSessionTokens } from './revoke-sessions';
import { isSecretTokenMatch, parseRefreshToken } from './secret-token';

type RefreshOutcome = { kind: 'issued'; session: TIssuedSession } | { kind: 'invalid' } | { kind: 'reused'; userId: string };

/** How long after a rotation the same browser may present the old token again (its answer was lost). */
export const LOST_ANSWER_GRACE_MS = 30_000;

/**
 * Whether a rotated token presented again is a browser whose rotation answer never arrived (a
 * reload while the refresh was on its way keeps the old cookie), not a replay: within 30 s of the
 * rotation, from the same address and user agent its one new token was issued to, and that token
 * never used. Anything else is a replay. The unused new token is then retired (rotated, so using it
 * later is a replay), which also allows one such grace per token.
 */
async function claimLostAnswer(tx: IdentityTx, token: RefreshTokenRecord, client: ClientInfo | undefined, now: Date): Promise<boolean> {
  if (!token.rotatedAt || now.getTime() - token.rotatedAt.getTime() > LOST_ANSWER_GRACE_MS) return false;
  if (!client?.ip || !client.userAgent) return false;
  const children = await tx.findRefreshTokenChildren(token.id);
  const isLost = children.length === 1 && children.every((child) => !child.rotatedAt && !child.revokedAt && child.ip === client.ip && child.userAgent === client.userAgent);
  if (!isLost) return false;
  for (const child of children) await tx.markRefreshTokenRotated(child.id, now);
  return true;
}

/**
 * Trades a refresh token for a new session in the same family. A token is good once:
 * presenting an already rotated one means it leaked, so the whole family is revoked
 * (the thief's and the owner's newest token alike, refresh and access tokens) — unless it is the
 * same browser whose answer was lost (claimLostAnswer), which gets another new token of the family.
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
    if (token.rotatedAt && token.expiresAt.getTime() > now.getTime() && (await claimLostAnswer(tx, token, request.client, now))) {
      const user = await tx.findUserById(token.userId);
      if (!user) return { kind: 'invalid' };
      deps.log.info({ userId: user.id, ip: request.client?.ip }, 'rotated refresh token presented again by the same browser within 30 s; its unused successor retired, a new one issued');
      const session = await issueSession(deps, tx, user, { client: request.client, rotatedFrom: { id: token.id, familyId: token.familyId } });
      return { kind: 'issued', session };
    }
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
