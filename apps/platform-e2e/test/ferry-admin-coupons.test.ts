import { randomBytes } from 'node:crypto';
import { requestRpcOnce } from '@ferry/bus';
import { TEST_NATS_URL } from '@ferry/bus/testing';
import { BILLING_RPC, type RpcDef, type TCaller } from '@ferry/contracts';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { startServiceProcess, waitFor, type ServiceProcess } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferryAdmin } from './admin-command';

const caller = (id: string): TCaller => ({ sub: id, email: `${id}@example.com`, role: 'Free', status: 'active', isTeamMember: false, parentAdminId: null });

/** The operator's `coupons create` and `lifetime-codes create` against billing running as its own process. */
describe('ferry-admin coupons create and lifetime-codes create', () => {
  const prefix = `cpn${randomBytes(3).toString('hex')}`;
  let testDb: TestDatabase;
  let adminEnv: Record<string, string>;
  let billing: ServiceProcess | undefined;
  const call = <TReq, TRes>(rpc: RpcDef<TReq, TRes>, request: TReq) => requestRpcOnce(TEST_NATS_URL, rpc, request, { prefix });

  beforeAll(async () => {
    testDb = await createTestDatabase('admin_coupons');
    billing = startServiceProcess('billing', 'apps/billing/src/main.ts', {
      DATABASE_URL: testDb.url, NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix, LOG_LEVEL: 'info', HEALTH_PORT: '0', BILLING_PROVIDER: 'local',
    });
    await waitFor('billing to answer', () => call(BILLING_RPC.getSubscription, { caller: caller('probe') }).catch(() => undefined), 60_000);
    adminEnv = { NATS_URL: TEST_NATS_URL, NATS_PREFIX: prefix };
  }, 120_000);
  afterAll(async () => {
    await billing?.stop();
    await testDb?.drop();
  });

  it('when an operator creates a coupon, then checkout accepts its code and a second one with that code is refused', async () => {
    const created = await ferryAdmin(adminEnv, 'coupons', 'create', '--code', 'Launch20', '--percent-off', '20', '--redeem-by', '2099-01-01', '--max-redemptions', '10');
    expect(created).toMatchObject({ code: 0, stdout: 'created\tLaunch20\t20%\tonce\t2099-01-01T00:00:00.000Z\n' });
    expect(await call(BILLING_RPC.checkCoupon, { caller: caller('shopper'), body: { code: 'LAUNCH20' } })).toMatchObject({ valid: true, percentOff: 20, duration: 'once' });

    const again = await ferryAdmin(adminEnv, 'coupons', 'create', '--code', 'launch20', '--amount-off', '5', '--redeem-by', '2099-01-01');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('COUPON_EXISTS');
  });

  it('when an operator creates a repeating amount-off coupon, then it is stored in cents with its months', async () => {
    const created = await ferryAdmin(adminEnv, 'coupons', 'create', '--code', 'THREE-MONTHS', '--amount-off', '4.50', '--months', '3', '--redeem-by', '2099-06-30T12:00:00Z');
    expect(created).toMatchObject({ code: 0, stdout: 'created\tTHREE-MONTHS\t$4.50\trepeating\t2099-06-30T12:00:00.000Z\n' });
    expect(await call(BILLING_RPC.checkCoupon, { caller: caller('shopper'), body: { code: 'three-months' } })).toMatchObject({ amountOff: 450, duration: 'repeating', durationInMonths: 3 });
  });

  it('when the options are wrong, then nothing is created and the command says why (exit 2)', async () => {
    const both = await ferryAdmin(adminEnv, 'coupons', 'create', '--code', 'BOTH', '--percent-off', '10', '--amount-off', '5', '--redeem-by', '2099-01-01');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('exactly one of percentOff and amountOff');
    const noDate = await ferryAdmin(adminEnv, 'coupons', 'create', '--code', 'NODATE', '--percent-off', '10', '--redeem-by', 'someday');
    expect(noDate.code).toBe(2);
    await expect(call(BILLING_RPC.checkCoupon, { caller: caller('shopper'), body: { code: 'BOTH' } })).rejects.toMatchObject({ code: 'COUPON_INVALID' });
    expect((await ferryAdmin(adminEnv, 'lifetime-codes', 'create', '0')).code).toBe(2);
  });

  it('when an operator creates 3 lifetime codes, then it prints 3 codes, each redeemable once', async () => {
    const { code, stdout } = await ferryAdmin(adminEnv, 'lifetime-codes', 'create', '3');
    expect(code).toBe(0);
    const codes = stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    expect(await call(BILLING_RPC.redeemLifetimeCode, { caller: caller('sumo-a'), body: { code: codes[0]! } })).toMatchObject({ planCode: 'PRY', isSumo: true });
    await expect(call(BILLING_RPC.redeemLifetimeCode, { caller: caller('sumo-b'), body: { code: codes[0]! } })).rejects.toMatchObject({ code: 'LIFETIME_CODE_USED' });
    expect(await call(BILLING_RPC.redeemLifetimeCode, { caller: caller('sumo-b'), body: { code: codes[1]! } })).toMatchObject({ isSumo: true });
  });
});
