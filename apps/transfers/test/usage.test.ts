import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_RPC, TRANSFERS_RPC, type TAccessClaims } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

const GB = 1024 ** 3;

describe("the dashboard's usage (GET /me/usage)", () => {
  let h: TransfersHarness;
  const usage = (caller: TAccessClaims) => h.call(DASHBOARD_RPC.usage, { caller });
  beforeAll(async () => {
    h = await bootTransfers('usage');
    // Early in a month, so the sends below stay in one month.
    const now = h.now();
    h.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2) - now.getTime());
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a new free account looks, then it has sent 0 of 10 this month, its storage is ok and nothing blocks it', async () => {
    const free = h.user({ role: 'free', region: 'oss-eu-central-1' });
    await expect(usage(free)).resolves.toEqual({
      role: 'free',
      region: 'oss-eu-central-1',
      transfersThisMonth: 0,
      monthlyCap: 10,
      storage: { usedBytes: 0, limitBytes: 10 * GB, used: expect.any(String), limit: '10 GB', state: 'ok' },
      blocked: null,
    });
  });

  it('when a free account has sent 10 transfers this month, then usage says so and blocks with the monthly limit the send is refused with; next month it is 0 again', async () => {
    const free = h.user({ role: 'free' });
    for (let i = 0; i < 10; i += 1) await h.send(free, { sendAs: 'link', files: [draftFile(`f${i}.txt`)] });

    await expect(usage(free)).resolves.toMatchObject({
      transfersThisMonth: 10,
      monthlyCap: 10,
      blocked: { reason: 'monthlyLimit', title: 'Monthly limit reached', message: expect.stringContaining('10 transfers a month'), action: { kind: 'startTrial' } },
    });
    await expect(h.call(TRANSFERS_RPC.create, { caller: free, draft: draft({ sendAs: 'link', files: [draftFile('more.txt')] }), client: {} })).rejects.toMatchObject({
      code: 'MONTHLY_LIMIT_REACHED',
    });
    const now = h.now();
    h.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime());
    await expect(usage(free)).resolves.toMatchObject({ transfersThisMonth: 0, blocked: null });
  });

  it('when a paid account looks, then there is no monthly cap', async () => {
    const pro = h.user({ role: 'pro' });
    await h.send(pro, { sendAs: 'link', files: [draftFile('a.txt')] });
    await expect(usage(pro)).resolves.toMatchObject({ role: 'pro', transfersThisMonth: 1, monthlyCap: null, blocked: null, storage: { limitBytes: 200 * GB } });
  });

  it("when storage reaches 90% then 100% of the plan (the team admin's, for a member), then it is almostFull then full, and full blocks sending", async () => {
    const admin = h.user({ role: 'pro' });
    const member = h.user({ role: 'pro', admin });
    h.storage.usage.set(admin.sub, 0.9 * 200 * GB);
    await expect(usage(member)).resolves.toMatchObject({ storage: { usedBytes: 0.9 * 200 * GB, state: 'almostFull' }, blocked: null });

    h.storage.usage.set(admin.sub, 200 * GB);
    await expect(usage(member)).resolves.toMatchObject({
      storage: { state: 'full' },
      blocked: { reason: 'storageFull', title: 'Your storage is now full', action: { kind: 'upgrade' } },
    });
    await expect(h.call(TRANSFERS_RPC.create, { caller: member, draft: draft({ sendAs: 'link', files: [draftFile('a.txt')] }), client: {} })).rejects.toMatchObject({
      code: 'SENDING_BLOCKED',
      details: { reason: 'storageFull' },
    });
  });

  it('when the account is suspended, then that block comes first, even with full storage', async () => {
    const suspended = h.user({ role: 'free', status: 'revoke' });
    h.storage.usage.set(suspended.sub, 10 * GB);
    await expect(usage(suspended)).resolves.toMatchObject({ blocked: { reason: 'suspended', action: { kind: 'contactSupport' } } });
  });
});
