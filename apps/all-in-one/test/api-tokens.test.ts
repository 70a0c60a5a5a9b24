import type { SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type ErrorBody, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const PER_TOKEN_PER_MINUTE = 8;

interface CreatedToken {
  id: string;
  token: string;
  name: string;
}

/**
 * Personal access tokens through the gateway: scoped to transfers and requests (403
 * TOKEN_SCOPE_DENIED elsewhere), refused once expired or revoked (at once), limited per token.
 */
describe('API tokens through the gateway', () => {
  let test: TestFerry;
  let api: string;
  let inbox: SmtpInbox;
  let identityDb: Knex;
  let session: string;

  beforeAll(async () => {
    test = await startTestFerry('api_tokens', { RATE_LIMIT_PER_API_TOKEN_PER_MINUTE: String(PER_TOKEN_PER_MINUTE) });
    ({ api, inbox } = test);
    identityDb = test.schema('identity');
    session = (await signUpThroughGateway(api, inbox, { email: 'scripts@example.com', plan: 'PRM' })).accessToken;
  }, 120_000);
  afterAll(async () => {
    await test?.stop();
  });

  const browser = () => gatewayClient(api, session);
  const withToken = (token: string) => gatewayClient(api, token);
  async function createToken(name: string, expiresInDays = 30): Promise<CreatedToken> {
    const res = await browser().call('POST', '/me/api-tokens', { name, expiresInDays });
    expect(res.status).toBe(201);
    return res.body as CreatedToken;
  }
  const codeOf = (res: { body: unknown }) => (res.body as ErrorBody).error.code;

  it('when a script sends a transfer with a token, then it is created, uploaded and made live as the owner, with no password involved', async () => {
    const { token } = await createToken('deploy');
    const script = withToken(token);
    const created = await script.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'build.zip', size: 5 }] });
    expect(created.status).toBe(201);
    const { id, slug, uploads } = created.body as { id: string; slug: string; uploads: Grant[] };
    await uploadGrants(uploads, { 'build.zip': 'bytes' });
    expect((await script.call('POST', `/transfers/${id}/complete`, { uploads: uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);

    const mine = await browser().call('GET', '/transfers');
    expect((mine.body as { items: Array<{ slug: string }> }).items.map((t) => t.slug)).toContain(slug);
    expect((await script.call('GET', `/transfers/${slug}`)).status).toBe(200);
    expect((await script.call('GET', '/transfers')).status).toBe(200);
    expect((await script.call('POST', '/requests', { title: 'Logs please' })).status).toBe(201);
    expect((await script.call('GET', '/requests')).status).toBe(200);
    expect((await script.call('POST', '/storage/grants', { files: [{ name: 'a.txt', size: 1 }] })).status).toBe(201);
  });

  it('when a token calls account, team, billing, notification or token routes, then each answers 403 TOKEN_SCOPE_DENIED and nothing changes', async () => {
    const { token } = await createToken('narrow');
    const script = withToken(token);
    const refused = [
      await script.call('GET', '/me'),
      await script.call('PATCH', '/me', { fullName: 'Hijacked' }),
      await script.call('GET', '/me/usage'),
      await script.call('GET', '/team'),
      await script.call('POST', '/team/invites', { email: 'friend@example.com' }),
      await script.call('GET', '/billing/subscription'),
      await script.call('POST', '/billing/cancel'),
      await script.call('GET', '/notifications'),
      await script.call('GET', '/contacts'),
      await script.call('GET', '/me/api-tokens'),
      await script.call('POST', '/me/api-tokens', { name: 'another', expiresInDays: 365 }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'TOKEN_SCOPE_DENIED', message: 'API tokens may call transfers and requests only; sign in to Ferry for this' } });
    }
    const stream = await fetch(`${api}/notifications/stream`, { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(403);
    await stream.body?.cancel();
    const me = await browser().call('GET', '/me');
    expect((me.body as { fullName: string }).fullName).not.toBe('Hijacked');
    expect((await browser().call('GET', '/me/api-tokens')).body).toMatchObject({ tokens: expect.not.arrayContaining([expect.objectContaining({ name: 'another' })]) });
  });

  it('when a token is revoked, then its very next call is refused, although the gateway had just accepted (and cached) it', async () => {
    const created = await createToken('revoke me');
    const script = withToken(created.token);
    expect((await script.call('GET', '/transfers')).status).toBe(200);
    expect((await script.call('GET', '/requests')).status).toBe(200);

    expect((await browser().call('DELETE', `/me/api-tokens/${created.id}`)).status).toBe(204);

    const after = await script.call('GET', '/transfers');
    expect(after.status).toBe(401);
    expect(codeOf(after)).toBe('UNAUTHENTICATED');
    expect((await browser().call('GET', '/me/api-tokens')).body).toMatchObject({ tokens: expect.not.arrayContaining([expect.objectContaining({ id: created.id })]) });
    expect((await browser().call('DELETE', `/me/api-tokens/${created.id}`)).status).toBe(404);
  });

  it('when a token is past its expiry, then it is refused with a message saying so', async () => {
    const created = await createToken('old', 7);
    await identityDb('api_tokens').where({ id: created.id }).update({ expires_at: new Date(Date.now() - 1_000) });
    const res = await withToken(created.token).call('GET', '/transfers');
    expect(res.status).toBe(401);
    expect((res.body as ErrorBody).error.message).toMatch(/expired on \d{4}-\d{2}-\d{2}/);
  });

  it('when a token is unknown or malformed, then it is 401, never treated as anonymous', async () => {
    const unknown = await withToken(`fy_pat_${'A'.repeat(43)}`).call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'a', size: 1 }] });
    expect(unknown.status).toBe(401);
    expect((await withToken('fy_pat_nope-but-long').call('GET', '/transfers')).status).toBe(401);
  });

  it(`when one token makes more than ${PER_TOKEN_PER_MINUTE} calls in a minute, then it gets 429 while another token and the browser of the same user go on`, async () => {
    const busy = withToken((await createToken('busy')).token);
    const calm = withToken((await createToken('calm')).token);
    for (let i = 0; i < PER_TOKEN_PER_MINUTE; i += 1) expect((await busy.call('GET', '/transfers')).status).toBe(200);
    const limited = await busy.call('GET', '/transfers');
    expect(limited.status).toBe(429);
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect((await calm.call('GET', '/transfers')).status).toBe(200);
    expect((await browser().call('GET', '/transfers')).status).toBe(200);
  });

  it('when tokens are listed, then each shows its name, hint, creation, last use and expiry, and never the token', async () => {
    const created = await createToken('listed', 365);
    await withToken(created.token).call('GET', '/requests');
    const list = await browser().call('GET', '/me/api-tokens');
    const shown = (list.body as { tokens: Array<Record<string, unknown>> }).tokens.find((t) => t['id'] === created.id);
    expect(shown).toEqual({
      id: created.id,
      name: 'listed',
      hint: created.token.slice(0, 11),
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toContain(created.token.slice(11));
  });
});
