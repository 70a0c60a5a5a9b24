import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type ErrorBody, type GatewayClient, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const GB = 1024 ** 3;
const TRIAL = { label: 'Get 7-day trial', kind: 'startTrial' };

/**
 * The plan's per-transfer limits have one home (@ferry/plans): a new transfer, files added to a
 * live one and upload grants for one's own storage refuse the same way, before anything is granted.
 */
describe('plan limits on every route that grants uploads', () => {
  let running: TestFerry;
  let storageDb: Knex;
  let omar: GatewayClient;
  let liveSlug: string;

  beforeAll(async () => {
    running = await startTestFerry('plan_limits', { RATE_LIMIT_PER_IP_PER_MINUTE: '10000' });
    storageDb = running.schema('storage');
    const session = await signUpThroughGateway(running.api, running.inbox, { email: 'omar@dubai-trading.example', plan: 'Free' });
    omar = gatewayClient(running.api, session.accessToken);
    const created = await omar.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 5 }] });
    const live = created.body as { id: string; slug: string; uploads: Grant[] };
    await uploadGrants(live.uploads, { 'a.txt': 'hello' });
    expect((await omar.call('POST', `/transfers/${live.id}/complete`, { uploads: live.uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);
    liveSlug = live.slug;
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  const objectCount = async () => Number((await storageDb('objects').count({ n: '*' }))[0]?.n);
  const files = (count: number, size = 1) => Array.from({ length: count }, (_, i) => ({ name: `f${i}.txt`, size }));
  const refusals = async (total: ReturnType<typeof files>, added: ReturnType<typeof files>) =>
    Promise.all([
      omar.call('POST', '/transfers', { sendAs: 'link', files: total }),
      omar.call('POST', `/transfers/${liveSlug}/files`, { files: added }),
      omar.call('POST', '/storage/grants', { files: total }),
    ]);
  const errorOf = (answer: { status: number; body: unknown }) => ({ status: answer.status, ...(answer.body as ErrorBody & { error: { details?: unknown } }).error });

  it('when a free account goes over 50 files, then each route answers 403 TOO_MANY_FILES with the limit and the trial', async () => {
    const before = await objectCount();
    for (const answer of await refusals(files(51), files(50))) {
      expect(errorOf(answer)).toMatchObject({
        status: 403,
        code: 'TOO_MANY_FILES',
        message: 'Your free plan is limited to 50 files per transfer.',
        details: { title: 'Too many files', limit: 50, actual: 51, action: TRIAL },
      });
    }
    expect(await objectCount()).toBe(before);
  });

  it('when a free account goes over 3 GB, then each route answers 403 OVER_TRANSFER_LIMIT with the limit and the size asked for', async () => {
    const before = await objectCount();
    const [created, added, granted] = await refusals(files(1, 4 * GB), files(1, 4 * GB));
    for (const [answer, actual] of [[created, 4 * GB], [added, 4 * GB + 5], [granted, 4 * GB]] as const) {
      expect(errorOf(answer)).toMatchObject({ status: 403, code: 'OVER_TRANSFER_LIMIT', details: { title: 'Over transfer limit', limit: 3 * GB, actual } });
      expect((answer.body as { error: { details: object } }).error.details).not.toHaveProperty('action');
    }
    expect(await objectCount()).toBe(before);
  });
});
