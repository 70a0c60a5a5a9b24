import { IDENTITY_RPC } from '@ferry/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepStaleRows } from '../src/domain/sweep-stale-rows';
import { createIdentityStore } from '../src/store/identity.store';
import { bootIdentity, type IdentityHarness } from './identity.harness';

/** identity's counters and revocations do not grow for ever: rows no rule reads any more are deleted. */
describe('identity housekeeping', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await bootIdentity('housekeeping');
  });
  afterAll(async () => {
    await h?.close();
  });

  const count = async (table: string) => Number((await h.db(table).count<{ n: string }[]>({ n: '*' }))[0]?.n ?? 0);

  it('when a day has passed, then old throttles, reset requests, code failures and revocations are gone, and recent ones stay', async () => {
    const session = await h.register('tidy@example.com');
    await h.call(IDENTITY_RPC.logout, { refreshToken: session.refreshToken });
    await expect(h.call(IDENTITY_RPC.login, { email: 'typo@example.com', password: 'wrong-password' })).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    await h.call(IDENTITY_RPC.requestPasswordReset, { email: 'tidy@example.com' });
    await h.call(IDENTITY_RPC.requestEmailCode, { email: 'codes@example.com', purpose: 'register' });
    await expect(h.call(IDENTITY_RPC.verifyEmailCode, { email: 'codes@example.com', code: '00000', purpose: 'register' })).rejects.toMatchObject({ code: expect.any(String) });
    const tables = ['session_revocations', 'login_throttles', 'password_reset_requests', 'email_code_failures'];
    for (const table of tables) expect(await count(table), table).toBeGreaterThan(0);

    const deps = { store: createIdentityStore(h.db), clock: () => h.now() };
    expect(await sweepStaleRows(deps)).toBe(0);

    h.advance(25 * 60 * 60_000);
    expect(await sweepStaleRows(deps)).toBeGreaterThanOrEqual(tables.length);
    for (const table of tables) expect(await count(table), table).toBe(0);
  });
});
