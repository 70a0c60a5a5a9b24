import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type GatewayClient, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const DAY = 86_400_000;

/** What the dashboard home reads through the gateway: the region quick send uses, usage and the latest downloads. */
describe("the dashboard home's server side", () => {
  let running: TestFerry;
  let storageDb: Knex;
  let greta: GatewayClient;

  const send = async (client: GatewayClient, draft: Record<string, unknown>, contents: Record<string, string>) => {
    const created = (await client.call('POST', '/transfers', draft)).body as { id: string; slug: string; uploads: Grant[] };
    await uploadGrants(created.uploads, contents);
    expect((await client.call('POST', `/transfers/${created.id}/complete`, { uploads: created.uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);
    return created;
  };

  beforeAll(async () => {
    running = await startTestFerry('dashboard_home', { RATE_LIMIT_PER_IP_PER_MINUTE: '10000' });
    storageDb = running.schema('storage');
    const session = await signUpThroughGateway(running.api, running.inbox, { email: 'greta@frankfurt-freight.example', plan: 'Free' });
    greta = gatewayClient(running.api, session.accessToken);
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  it('when a user saves Frankfurt with PATCH /me and sends without a region, then storage keeps the file in the Frankfurt bucket', async () => {
    expect((await greta.call('PATCH', '/me', { region: 'oss-eu-central-1' })).status).toBe(200);
    const sent = await send(greta, { sendAs: 'link', files: [{ name: 'manifest.pdf', size: 8 }] }, { 'manifest.pdf': 'manifest' });

    const objects = await storageDb('objects').whereIn('file_id', sent.uploads.map((u) => u.fileId)).select('region', 'bucket', 'status');
    expect(objects).toEqual([{ region: 'oss-eu-central-1', bucket: 'ferry-eu-central-1', status: 'complete' }]);
    expect((await greta.call('GET', `/transfers/${sent.slug}`)).body).toMatchObject({ region: 'oss-eu-central-1' });
  });

  it('when the free user reads GET /me/usage, then it counts this month against 10, storage against 10 GB, and nothing blocks', async () => {
    const usage = await greta.call('GET', '/me/usage');
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      role: 'free',
      region: 'oss-eu-central-1',
      transfersThisMonth: 1,
      monthlyCap: 10,
      storage: { usedBytes: 8, limitBytes: 10 * 1024 ** 3, used: expect.any(String), limit: '10 GB', state: 'ok' },
      blocked: null,
    });
    expect((await gatewayClient(running.api).call('GET', '/me/usage')).status).toBe(401);
  });

  it('when a transfer is downloaded from Dubai, then GET /downloads lists it first with city, country, code and slug, and the list carries the code', async () => {
    const sent = await send(greta, { sendAs: 'link', files: [{ name: 'invoice.pdf', size: 7 }] }, { 'invoice.pdf': 'invoice' });
    const page = (await gatewayClient(running.api).call('GET', `/public/transfers/${sent.slug}`)).body as { files: Array<{ id: string }> };
    const dl = await gatewayClient(running.api).call('POST', `/public/transfers/${sent.slug}/downloads`, { fileId: page.files[0]!.id }, { 'x-forwarded-for': '94.200.0.1' });
    expect(dl.status).toBe(200);

    const latest = await greta.call('GET', '/downloads?limit=5');
    expect(latest.status).toBe(200);
    expect((latest.body as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ slug: sent.slug, fileName: 'invoice.pdf', city: 'Dubai', country_name: 'United Arab Emirates', countryCode: 'AE', receiverEmail: null }),
    ]);
    const list = (await greta.call('GET', '/transfers')).body as { items: Array<{ slug: string; downloads: unknown[] }> };
    expect(list.items.find((t) => t.slug === sent.slug)?.downloads).toEqual([{ country_name: 'United Arab Emirates', countryCode: 'AE', dlDate: expect.any(String) }]);
    expect((await greta.call('GET', '/downloads?limit=51')).status).toBe(400);
  });

  it('when the test clock is off (no FERRY_TEST_CLOCK), then GET and POST /test-clock answer 404 and an offset left in the table changes nothing', async () => {
    expect((await gatewayClient(running.api).call('GET', '/test-clock')).status).toBe(404);
    const moved = await gatewayClient(running.api).call('POST', '/test-clock', { advanceMs: 8 * DAY });
    expect(moved.status).toBe(404);
    expect((moved.body as { error: { code: string } }).error.code).toBe('NOT_FOUND');

    await running.db.raw('create schema if not exists ferry_test_clock');
    await running.db.raw('create table if not exists ferry_test_clock.offsets (id smallint primary key, offset_ms bigint not null, updated_at timestamptz not null default now())');
    await running.db.raw('insert into ferry_test_clock.offsets (id, offset_ms) values (1, ?) on conflict (id) do update set offset_ms = excluded.offset_ms', [8 * DAY]);
    const { counts } = (await greta.call('GET', '/transfers')).body as { counts: { active: number; expired: number } };
    expect(counts).toMatchObject({ active: 2, expired: 0 });
  });
});
