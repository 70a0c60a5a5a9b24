import type { TIssuedSession } from '@ferry/contracts';
import { signAccessToken } from './access-token';
import { addMs, DAY_MS, type ClientInfo, type IdentityDeps } from './identity.deps';
import type { IdentityTx, UserRecord } from './identity.ports';
import { createRefreshToken, hashSecretToken } from './secret-token';
import { withTeamPlan } from './team.rules';
import { loadUserJson } from './user-json';

export interface IssueSessionOptions {
  client?: ClientInfo;
  /** Continue a rotation family; a new login starts a new family. */
  rotatedFrom?: { id: string; familyId: string };
}

/** Signs an access token and stores a new refresh token, inside the caller's transaction. */
export async function issueSession(
  deps: IdentityDeps,
  tx: IdentityTx,
  user: UserRecord,
  options: IssueSessionOptions = {},
): Promise<TIssuedSession> {
  const now = deps.clock();
  const refresh = createRefreshToken();
  const refreshExpiresAt = addMs(now, deps.refreshTokenTtlDays * DAY_MS);
  // The family is the session: its id goes into each access token as `sid`.
  const familyId = options.rotatedFrom?.familyId ?? refresh.id;
  await tx.insertRefreshToken({
    id: refresh.id,
    userId: user.id,
    familyId,
    parentId: options.rotatedFrom?.id ?? null,
    tokenHash: hashSecretToken(refresh.secret),
    createdAt: now,
    expiresAt: refreshExpiresAt,
    rotatedAt: null,
    revokedAt: null,
    ip: options.client?.ip ?? null,
    userAgent: options.client?.userAgent ?? null,
  });
  const admin = user.parentAdminId ? await tx.findUserById(user.parentAdminId) : undefined;
  const access = await signAccessToken(deps.keys, withTeamPlan(user, admin), { now, ttlSeconds: deps.accessTokenTtlSeconds, sessionId: familyId });
  return {
    accessToken: access.token,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    refreshToken: refresh.token,
    refreshTokenExpiresAt: refreshExpiresAt.toISOString(),
    user: await loadUserJson(tx, user),
  };
}
