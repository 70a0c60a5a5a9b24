import { SESSION_REVOKED, type TSessionRevocation } from '@ferry/contracts';
import { addMs, type IdentityDeps } from './identity.deps';
import type { IdentityTx } from './identity.ports';

/** Clock skew between identity and a gateway that a revocation outlives its tokens by. */
const EXPIRY_MARGIN_MS = 60_000;

type Revoke = Pick<TSessionRevocation, 'userId'> & ({ sessionId: string; minVersion?: never } | { minVersion: number; sessionId?: never });

/**
 * Records a revocation and publishes it (in the caller's transaction), so that every gateway
 * refuses the covered access tokens at once instead of at their expiry.
 */
async function recordRevocation(deps: IdentityDeps, tx: IdentityTx, revoke: Revoke): Promise<void> {
  const now = deps.clock();
  const expiresAt = addMs(now, deps.accessTokenTtlSeconds * 1000 + EXPIRY_MARGIN_MS);
  const revocation = { userId: revoke.userId, sessionId: revoke.sessionId ?? null, minVersion: revoke.minVersion ?? null };
  await tx.insertSessionRevocation({ ...revocation, createdAt: now, expiresAt });
  await tx.emit(SESSION_REVOKED, { ...revocation, expiresAt: expiresAt.toISOString() });
}

/** Ends one session's access tokens (a logout, a reused refresh token); its refresh family is the caller's to revoke. */
export async function revokeSessionTokens(deps: IdentityDeps, tx: IdentityTx, userId: string, sessionId: string): Promise<void> {
  await recordRevocation(deps, tx, { userId, sessionId });
}

/**
 * Ends every access token the user holds now (a password reset, a removed member, a role or team
 * change). Their next call is refused; a client with a live refresh token gets a token with the new claims.
 */
export async function revokeUserTokens(deps: IdentityDeps, tx: IdentityTx, userId: string): Promise<void> {
  const minVersion = await tx.bumpTokenVersion(userId, deps.clock());
  await recordRevocation(deps, tx, { userId, minVersion });
}

/**
 * Waits (briefly) until the revocations just committed are on the bus, so that by the time the
 * caller hears back, every gateway has been told. If the bus is down the revocation stays in the
 * outbox and goes out later; the gateways that start later catch up from the table.
 */
export async function publishRevocations(deps: IdentityDeps): Promise<void> {
  try {
    await deps.publishPending();
  } catch (error) {
    deps.log.warn({ err: error }, 'session revocation not published yet; it stays in the outbox');
  }
}

/** Revocations still in force, for a gateway that starts after they were published. */
export async function listSessionRevocations(deps: IdentityDeps): Promise<{ revocations: TSessionRevocation[] }> {
  const records = await deps.store.listSessionRevocations(deps.clock());
  return {
    revocations: records.map((record) => ({
      userId: record.userId,
      sessionId: record.sessionId,
      minVersion: record.minVersion,
      expiresAt: record.expiresAt.toISOString(),
    })),
  };
}
