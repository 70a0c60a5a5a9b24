import { AppError, type TAccessClaims, type TSessionRevocation } from '@ferry/contracts';
import { describe, expect, it } from 'vitest';
import { createApiTokenVerifier } from '../src/auth/api-tokens';

const TOKEN = `fy_pat_${'x'.repeat(43)}`;
const claims = (ver: number): TAccessClaims => ({ sub: 'u1', email: 'a@b.co', role: 'PRM', status: 'active', isTeamMember: false, parentAdminId: null, sid: 't1', ver });

/** Identity on the bus as a counter: answers the claims at the user's current version, or refuses once revoked. */
function standIn() {
  const state = { calls: 0, ver: 1, revoked: false, expiresAt: Date.now() + 86_400_000 };
  const bus = {
    request: async () => {
      state.calls += 1;
      if (state.revoked) throw new AppError('UNAUTHENTICATED', { message: 'revoked' });
      return { tokenId: 't1', claims: claims(state.ver), expiresAt: new Date(state.expiresAt).toISOString() };
    },
  } as unknown as Parameters<typeof createApiTokenVerifier>[0]['bus'];
  const listeners: Array<(r: TSessionRevocation) => void> = [];
  const revoked: TSessionRevocation[] = [];
  const revocations = {
    isRevoked: async (c: Pick<TAccessClaims, 'sub' | 'sid' | 'ver'>) =>
      revoked.some((r) => r.userId === c.sub && (r.sessionId === c.sid || (r.minVersion !== null && c.ver < r.minVersion))),
    onRevoked: (listener: (r: TSessionRevocation) => void) => void listeners.push(listener),
  };
  const revoke = (r: Omit<TSessionRevocation, 'expiresAt'>) => {
    const revocation = { ...r, expiresAt: new Date(Date.now() + 60_000).toISOString() };
    revoked.push(revocation);
    for (const listener of listeners) listener(revocation);
  };
  return { state, bus, revocations, revoke };
}

describe('the gateway remembers API tokens briefly', () => {
  it('when a token is used again within the cache time, then identity is asked once; after it, again', async () => {
    const identity = standIn();
    let now = 1_000_000;
    const verifier = createApiTokenVerifier({ bus: identity.bus, revocations: identity.revocations, cacheMs: 10_000, now: () => now });
    for (let i = 0; i < 5; i += 1) expect((await verifier.verify(TOKEN)).tokenId).toBe('t1');
    expect(identity.state.calls).toBe(1);
    now += 10_001;
    await verifier.verify(TOKEN);
    expect(identity.state.calls).toBe(2);
  });

  it('when the token is revoked (a session revocation named by its id), then the cached token is refused at once', async () => {
    const identity = standIn();
    const verifier = createApiTokenVerifier({ bus: identity.bus, revocations: identity.revocations });
    await verifier.verify(TOKEN);
    identity.state.revoked = true;
    identity.revoke({ userId: 'u1', sessionId: 't1', minVersion: null });
    await expect(verifier.verify(TOKEN)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("when the owner's sessions are revoked by version (a role change), then the token goes on with the owner's new claims", async () => {
    const identity = standIn();
    const verifier = createApiTokenVerifier({ bus: identity.bus, revocations: identity.revocations });
    expect((await verifier.verify(TOKEN)).claims.ver).toBe(1);
    identity.state.ver = 2;
    identity.revoke({ userId: 'u1', sessionId: null, minVersion: 2 });
    expect((await verifier.verify(TOKEN)).claims.ver).toBe(2);
    expect(identity.state.calls).toBe(2);
  });

  it('when the token expires before the cache time is up, then identity is asked (and refuses)', async () => {
    const identity = standIn();
    let now = Date.now();
    identity.state.expiresAt = now + 2_000;
    const verifier = createApiTokenVerifier({ bus: identity.bus, revocations: identity.revocations, cacheMs: 10_000, now: () => now });
    await verifier.verify(TOKEN);
    now += 2_001;
    identity.state.revoked = true;
    await expect(verifier.verify(TOKEN)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
