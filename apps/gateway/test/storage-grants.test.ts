import { createInProcessBus } from '@ferry/bus';
import { createMemoryLogger, handle } from '@ferry/bus/testing';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, STORAGE_RPC, type TGrantOwner } from '@ferry/contracts';
import { createLogger } from '@ferry/service-kit';
import { SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZGatewayConfig } from '../src/config';
import { createGatewayApp, type GatewayApp } from '../src/gateway.app';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const GB = 1024 ** 3;

async function bearer(sub: string, claims: { role: string; isTeamMember?: boolean; parentAdminId?: string | null }): Promise<string> {
  const token = await new SignJWT({ email: `${sub}@example.com`, status: 'active', isTeamMember: false, parentAdminId: null, sid: 's1', ver: 1, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(SECRET));
  return `Bearer ${token}`;
}

const files = (count: number, size: number) => Array.from({ length: count }, (_, i) => ({ name: `f${i}.bin`, size }));

describe('POST /storage/grants', () => {
  const bus = createInProcessBus({ log: createMemoryLogger() });
  /** The owners storage was asked to grant uploads for. */
  const owners: TGrantOwner[] = [];
  let gateway: GatewayApp;

  beforeAll(async () => {
    // A stand-in storage: the gateway's job is the plan check and whose storage it asks for.
    await bus.serve('storage', [
      handle(STORAGE_RPC.createUploadGrants, async ({ owner }) => {
        owners.push(owner);
        return { grants: [] };
      }),
    ]);
    gateway = createGatewayApp({ bus, log: createLogger({ service: 'gateway-test', level: 'silent' }), config: ZGatewayConfig.parse({ AUTH_JWT_SECRET: SECRET }) });
  });
  beforeEach(() => {
    owners.length = 0;
  });
  afterAll(async () => {
    await gateway.rateLimits.close();
  });

  const grants = async (authorization: string, body: object) => request(gateway.app).post('/api/v1/storage/grants').set('Authorization', authorization).send(body);

  it('when a free account asks for more than its transfer size, then 403 OVER_TRANSFER_LIMIT and storage is not asked', async () => {
    const res = await grants(await bearer('u1', { role: 'Free' }), { files: files(2, 2 * GB) });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'OVER_TRANSFER_LIMIT', message: 'Your free plan is limited to 3 GB transfers. Your 1 GB over your limit.', details: { title: 'Over transfer limit' } });
    expect(owners).toEqual([]);
  });

  it('when a free account asks for more files than its plan holds, then 403 TOO_MANY_FILES offering the trial', async () => {
    const res = await grants(await bearer('u1', { role: 'Free' }), { files: files(51, 1) });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'TOO_MANY_FILES', details: { title: 'Too many files', limit: 50, actual: 51, action: { kind: 'startTrial' } } });
    expect(owners).toEqual([]);
  });

  it('when a team member asks, then the grants go under the admin\'s root, by the member', async () => {
    const res = await grants(await bearer('m1', { role: 'BM', isTeamMember: true, parentAdminId: 'a1' }), { files: files(1, 10) });
    expect(res.status).toBe(201);
    expect(owners).toEqual([{ type: 'teamUpload', adminId: 'a1', memberId: 'm1' }]);
  });

  it('when an account of its own asks within its plan, then the grants go under its own root', async () => {
    const res = await grants(await bearer('u2', { role: 'PRM' }), { files: files(2, 1 * GB) });
    expect(res.status).toBe(201);
    expect(owners).toEqual([{ type: 'userUpload', userId: 'u2' }]);
  });
});
