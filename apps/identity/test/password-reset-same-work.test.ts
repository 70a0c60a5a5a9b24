import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDENTITY_RPC, PASSWORD_RESET_ASKED, PASSWORD_RESET_REQUESTED } from '@ferry/contracts';
import { bootIdentity, type IdentityHarness } from './identity.harness';

describe('password reset for an account and for no account', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    // The consumers wait, so what follows is what the request handler did on its own.
    h = await bootIdentity('reset_same_work', { holdConsumers: true });
    await h.register('known@example.com');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Everything a reset request leaves behind for one address, the address itself left out. */
  const writesFor = async (email: string) => ({
    requests: (await h.db('password_reset_requests').where({ email })).map((row: { requested_at: Date }) => row.requested_at.getTime()),
    asked: (await h.events(PASSWORD_RESET_ASKED, (e) => e.email === email)).map(({ lang, at }) => ({ lang, at })),
    mails: (await h.events(PASSWORD_RESET_REQUESTED, (e) => e.email === email)).length,
  });

  it('when both ask for a reset, then both get the same answer after the same writes, and only the account is mailed, later, from the bus', async () => {
    const known = await h.call(IDENTITY_RPC.requestPasswordReset, { email: 'known@example.com' });
    const unknown = await h.call(IDENTITY_RPC.requestPasswordReset, { email: 'unknown@example.com' });

    expect(known).toEqual({});
    expect(unknown).toEqual(known);
    const atNow = h.now().getTime();
    const expected = { requests: [atNow], asked: [{ lang: null, at: h.now().toISOString() }], mails: 0 };
    expect(await writesFor('known@example.com')).toEqual(expected);
    expect(await writesFor('unknown@example.com')).toEqual(expected);
    // No token exists yet: the account was not even looked up while the caller waited.
    expect(await h.db('password_resets')).toHaveLength(0);

    await h.releaseConsumers();
    const mails = await h.waitForEvents(PASSWORD_RESET_REQUESTED, (e) => e.email === 'known@example.com');
    expect(mails).toHaveLength(1);
    expect(await h.db('password_resets')).toHaveLength(1);
    const [askedUnknown] = await h.events(PASSWORD_RESET_ASKED, (e) => e.email === 'unknown@example.com');
    await vi.waitFor(async () => expect(await h.db('inbox').where({ event_id: askedUnknown?.eventId })).toHaveLength(1));
    expect(await h.events(PASSWORD_RESET_REQUESTED, (e) => e.email === 'unknown@example.com')).toHaveLength(0);
  });
});
