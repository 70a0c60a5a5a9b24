import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_RPC, MAX_API_TOKENS_PER_USER, SESSION_REVOKED, type TIssuedSession } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

const DAY = 86_400_000;

describe('API tokens', () => {
  let h: IdentityHarness;
  let ada: TIssuedSession;
  let bob: TIssuedSession;

  beforeAll(async () => {
    h = await bootIdentity('api_tokens');
    ada = await h.register('ada@example.com');
    bob = await h.register('bob@example.com');
  });
  afterAll(async () => {
    await h?.close();
  });

  const create = (name: string, expiresInDays: 7 | 30 | 90 | 365 = 30, userId = ada.user.id) => h.call(API_TOKEN_RPC.create, { userId, name, expiresInDays });
  const verify = (token: string) => h.call(API_TOKEN_RPC.verify, { token });
  const listed = async (userId = ada.user.id) => (await h.call(API_TOKEN_RPC.list, { userId })).tokens;

  /** Every row of every table in identity's schema (the outbox included), as text. */
  async function wholeSchema(): Promise<string> {
    const tables: Array<{ table_name: string }> = await h.db('information_schema.tables').select('table_name').where({ table_schema: 'identity', table_type: 'BASE TABLE' });
    const dumps = await Promise.all(tables.map(async ({ table_name }) => JSON.stringify(await h.db.withSchema('identity').from(table_name).select('*'))));
    return dumps.join('\n');
  }

  it('when a token is created, then it is answered once with the fy_pat_ prefix, and the database holds only its SHA-256', async () => {
    const created = await create('CI deploys', 90);
    expect(created.token).toMatch(/^fy_pat_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'CI deploys', hint: created.token.slice(0, 11), lastUsedAt: null });
    expect(Date.parse(created.expiresAt) - h.now().getTime()).toBe(90 * DAY);

    const secret = created.token.slice('fy_pat_'.length);
    const everything = await wholeSchema();
    expect(everything).toContain(created.id);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(secret.slice(4, 24));
    const row = await h.db('api_tokens').where({ id: created.id }).first<{ token_hash: string }>();
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));

    const [shown] = await listed();
    expect(shown).toEqual({ id: created.id, name: 'CI deploys', hint: created.hint, createdAt: created.createdAt, lastUsedAt: null, expiresAt: created.expiresAt });
    expect(JSON.stringify(shown)).not.toContain(secret);
  });

  it("when a token is verified, then it answers its owner's claims with the token as the session, and the last use is written at most once a minute", async () => {
    const created = await create('backup script');
    const verified = await verify(created.token);
    expect(verified).toMatchObject({ tokenId: created.id, expiresAt: created.expiresAt, claims: { sub: ada.user.id, email: 'ada@example.com', sid: created.id } });
    const firstUse = (await listed()).find((t) => t.id === created.id)?.lastUsedAt;
    expect(firstUse).toBe(h.now().toISOString());

    h.advance(30_000);
    await verify(created.token);
    expect((await listed()).find((t) => t.id === created.id)?.lastUsedAt).toBe(firstUse);

    h.advance(31_000);
    await verify(created.token);
    expect((await listed()).find((t) => t.id === created.id)?.lastUsedAt).toBe(h.now().toISOString());
  });

  it('when a token or a look-alike is unknown, then verification is UNAUTHENTICATED', async () => {
    const created = await create('typo');
    const flipped = `${created.token.slice(0, -1)}${created.token.endsWith('A') ? 'B' : 'A'}`;
    await expect(verify(flipped)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(verify('fy_pat_short')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(verify(createHash('sha256').update(created.token).digest('hex'))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('when a token is past its expiry, then it is refused, saying it expired, and stays listed with its date', async () => {
    const created = await create('one week', 7);
    await verify(created.token);
    h.advance(7 * DAY - 1);
    await verify(created.token);
    h.advance(1);
    await expect(verify(created.token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('expired') });
    expect((await listed()).map((t) => t.id)).toContain(created.id);
  });

  it('when a token is revoked, then it is refused at once, a session revocation names it, it leaves the list, and a second revoke is 404', async () => {
    const created = await create('laptop');
    await verify(created.token);
    await h.call(API_TOKEN_RPC.revoke, { userId: ada.user.id, tokenId: created.id });

    await expect(verify(created.token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringContaining('revoked') });
    expect(await h.lastEvent(SESSION_REVOKED, (e) => e.sessionId === created.id)).toMatchObject({ userId: ada.user.id, minVersion: null });
    expect((await listed()).map((t) => t.id)).not.toContain(created.id);
    await expect(h.call(API_TOKEN_RPC.revoke, { userId: ada.user.id, tokenId: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("when someone else names a user's token, then they can neither see nor revoke it", async () => {
    const created = await create('mine');
    expect(await listed(bob.user.id)).toEqual([]);
    await expect(h.call(API_TOKEN_RPC.revoke, { userId: bob.user.id, tokenId: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.call(API_TOKEN_RPC.revoke, { userId: bob.user.id, tokenId: 'not-a-uuid' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await verify(created.token)).claims.sub).toBe(ada.user.id);
  });

  it(`when a user holds ${MAX_API_TOKENS_PER_USER} live tokens, then another is refused until one is revoked`, async () => {
    const carol = await h.register('carol@example.com');
    const made = [];
    for (let i = 0; i < MAX_API_TOKENS_PER_USER; i += 1) made.push(await create(`token ${i}`, 30, carol.user.id));
    await expect(create('one more', 30, carol.user.id)).rejects.toMatchObject({ code: 'API_TOKEN_LIMIT_REACHED' });
    await h.call(API_TOKEN_RPC.revoke, { userId: carol.user.id, tokenId: made[0]!.id });
    expect((await create('one more', 30, carol.user.id)).name).toBe('one more');
  });
});
