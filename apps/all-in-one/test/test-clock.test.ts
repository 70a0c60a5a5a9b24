import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, mailedCode, signUpThroughGateway, uploadGrants, type GatewayClient, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const DAY = 86_400_000;

/** `npm start` with FERRY_TEST_CLOCK=1, as the browser tests run it: a test moves time through the API. */
describe('the test clock on the all-in-one', () => {
  let running: TestFerry;
  let ines: GatewayClient;
  let slug: string;
  const counts = async () => ((await ines.call('GET', '/transfers')).body as { counts: Record<string, number> }).counts;

  beforeAll(async () => {
    running = await startTestFerry('test_clock', { FERRY_TEST_CLOCK: '1' });
    const session = await signUpThroughGateway(running.api, running.inbox, { email: 'ines@lisbon-ports.example', plan: 'PRM' });
    ines = gatewayClient(running.api, session.accessToken);
    const created = (await ines.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'week.pdf', size: 4 }] })).body as { id: string; slug: string; uploads: Grant[] };
    await uploadGrants(created.uploads, { 'week.pdf': 'week' });
    expect((await ines.call('POST', `/transfers/${created.id}/complete`, { uploads: created.uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);
    slug = created.slug;
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  it('when the clock is moved 8 days, then the 7-day transfer counts as expired in GET /transfers; set back to 0, it is active again', async () => {
    expect(await counts()).toMatchObject({ all: 1, active: 1, expired: 0 });
    const before = Date.now();

    const moved = await gatewayClient(running.api).call('POST', '/test-clock', { advanceMs: 8 * DAY });
    expect(moved.status).toBe(200);
    const clock = moved.body as { now: string; nowMs: number; offsetMs: number };
    expect(clock.offsetMs).toBe(8 * DAY);
    expect(clock.nowMs).toBeGreaterThanOrEqual(before + 8 * DAY);
    expect(new Date(clock.now).getTime()).toBe(clock.nowMs);

    expect(await counts()).toMatchObject({ all: 1, active: 0, expired: 1 });
    const detail = (await ines.call('GET', `/transfers/${slug}`)).body as { state: string };
    expect(detail.state).toBe('expired');
    expect((await gatewayClient(running.api).call('GET', `/public/transfers/${slug}`)).status).toBe(410);
    expect((await gatewayClient(running.api).call('GET', '/test-clock')).body).toMatchObject({ offsetMs: 8 * DAY });

    expect((await gatewayClient(running.api).call('POST', '/test-clock', { offsetMs: 0 })).body).toMatchObject({ offsetMs: 0 });
    expect(await counts()).toMatchObject({ active: 1, expired: 0 });
  });

  it('when the clock is moved 6 days, then the transfer is expiring (under 2.2 days left) but still active', async () => {
    await gatewayClient(running.api).call('POST', '/test-clock', { offsetMs: 6 * DAY });
    const { items } = (await ines.call('GET', '/transfers?filter=expiring')).body as { items: Array<{ slug: string; expiring: boolean; state: string }> };
    expect(items).toEqual([expect.objectContaining({ slug, expiring: true, state: 'active' })]);
    await gatewayClient(running.api).call('POST', '/test-clock', { offsetMs: 0 });
  });

  it('when the clock is set back and a code is asked for at once, then the code is mailed: mail decides its expiry with the offset in force, not one read up to half a second before', async () => {
    const clockApi = gatewayClient(running.api);
    // Far enough ahead that a code issued on real time has expired there (codes live minutes).
    expect((await clockApi.call('POST', '/test-clock', { advanceMs: DAY })).status).toBe(200);
    // Every service's background read (every 500 ms) has seen the move.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    for (const email of ['ines+1@lisbon-ports.example', 'ines+2@lisbon-ports.example', 'ines+3@lisbon-ports.example']) {
      expect((await clockApi.call('POST', '/test-clock', { offsetMs: 0 })).status).toBe(200);
      expect((await clockApi.call('POST', '/auth/email-codes', { email, purpose: 'register' })).status).toBe(202);
      expect(await mailedCode(running.inbox, email, 1)).toMatch(/^\d{5}$/);
      await clockApi.call('POST', '/test-clock', { offsetMs: DAY });
      await new Promise((resolve) => setTimeout(resolve, 1_200));
    }
    await clockApi.call('POST', '/test-clock', { offsetMs: 0 });
  }, 60_000);

  it('when the body is not one of {advanceMs} or {offsetMs}, then it is a 400', async () => {
    for (const body of [{}, { advanceMs: 'soon' }, { advanceMs: 1, offsetMs: 2 }, { advanceMs: 1.5 }]) {
      expect((await gatewayClient(running.api).call('POST', '/test-clock', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
