import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZAccessClaims } from './access-token';
import { ZApiTokenExpiryDays, ZApiTokenList, ZApiTokenName, ZCreatedApiToken } from './api-tokens.schemas';

const ZUserRef = z.object({ userId: z.string() });

/** Personal access tokens, kept by identity (hashed) and checked by the gateway. */
export const API_TOKEN_RPC = {
  create: defineRpc('svc.identity.create-api-token', ZUserRef.extend({ name: ZApiTokenName, expiresInDays: ZApiTokenExpiryDays }), ZCreatedApiToken),
  list: defineRpc('svc.identity.list-api-tokens', ZUserRef, ZApiTokenList),
  /** Revokes at once: the gateways hear of it as a session revocation whose sessionId is the token's id. */
  revoke: defineRpc('svc.identity.revoke-api-token', ZUserRef.extend({ tokenId: z.string().max(64) }), z.object({})),
  /**
   * The owner's current claims for a token the gateway was shown (`sid` is the token's id);
   * UNAUTHENTICATED when it is unknown, revoked or expired. Notes the last use (at most once a minute).
   */
  verify: defineRpc(
    'svc.identity.verify-api-token',
    z.object({ token: z.string().min(1).max(256) }),
    z.object({ tokenId: z.string(), claims: ZAccessClaims, expiresAt: z.string() }),
  ),
} as const;
