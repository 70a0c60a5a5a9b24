import { createHash } from 'node:crypto';
import type { Bus } from '@ferry/bus';
import { API_TOKEN_RPC, AppError, type TAccessClaims } from '@ferry/contracts';
import type { SessionRevocations } from './session-revocations';

export interface ApiTokenVerifierOptions {
  bus: Pick<Bus, 'request'>;
  revocations: Pick<SessionRevocations, 'isRevoked' | 'onRevoked'>;
  /** How long a replica trusts identity's answer for a token before asking again; 10 s by default. */
  cacheMs?: number;
  /** Tokens remembered at most (the oldest is forgotten first); 10,000 by default. */
  maxCached?: number;
  now?: () => number;
}

export interface VerifiedApiToken {
  tokenId: string;
  claims: TAccessClaims;
}

export interface ApiTokenVerifier {
  verify(token: string): Promise<VerifiedApiToken>;
}

interface CachedToken extends VerifiedApiToken {
  until: number;
}

/**
 * Checks `fy_pat_…` tokens with identity and remembers the answer for a few seconds, so a script's
 * burst of calls is one lookup. Revocation is still immediate: a revoked token is a session
 * revocation (sessionId = token id) that every replica hears on the bus (and shares in Redis),
 * checked on every call, cached or not. Any revocation of the owner (a role or team change) drops
 * their cached tokens, so the next call carries the owner's current claims. The cache is keyed by
 * the token's SHA-256, never the token.
 */
export function createApiTokenVerifier(options: ApiTokenVerifierOptions): ApiTokenVerifier {
  const { bus, revocations } = options;
  const cacheMs = options.cacheMs ?? 10_000;
  const maxCached = options.maxCached ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, CachedToken>();

  revocations.onRevoked((revocation) => {
    for (const [key, entry] of cache) if (entry.claims.sub === revocation.userId) cache.delete(key);
  });

  async function lookUp(key: string, token: string): Promise<VerifiedApiToken> {
    const answer = await bus.request(API_TOKEN_RPC.verify, { token });
    const verified = { tokenId: answer.tokenId, claims: answer.claims };
    if (cache.size >= maxCached) cache.delete(cache.keys().next().value as string);
    cache.set(key, { ...verified, until: Math.min(now() + cacheMs, Date.parse(answer.expiresAt)) });
    return verified;
  }

  return {
    async verify(token) {
      const key = createHash('sha256').update(token).digest('hex');
      const cached = cache.get(key);
      let verified: VerifiedApiToken = cached && cached.until > now() ? cached : await lookUp(key, token);
      if (await revocations.isRevoked(verified.claims)) {
        // A revocation of the owner's older tokens (a version) may not concern this token: ask identity once more.
        cache.delete(key);
        verified = verified === cached ? await lookUp(key, token) : verified;
        if (await revocations.isRevoked(verified.claims)) {
          cache.delete(key);
          throw new AppError('UNAUTHENTICATED', { message: 'This API token was revoked' });
        }
      }
      return { tokenId: verified.tokenId, claims: verified.claims };
    },
  };
}
