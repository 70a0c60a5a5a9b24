import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

const GB = 1024 ** 3;
const aLink = draft({ sendAs: 'link', files: [draftFile('a.txt')] });

describe('a sender whose account is blocked', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('create_blocked');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the account is suspended, then ACCOUNT_SUSPENDED and nothing is written', async () => {
    const suspended = h.user({ status: 'revoke' });
    await expect(h.call(TRANSFERS_RPC.create, { caller: suspended, draft: aLink, client: {} })).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED', details: { reason: 'suspended' } });
    expect(await h.db('transfers').where({ sender_id: suspended.sub })).toHaveLength(0);
  });

  it('when the subscription was cancelled or is unpaid, then SENDING_BLOCKED with the reason', async () => {
    await expect(h.call(TRANSFERS_RPC.create, { caller: h.user({ status: 'canceled' }), draft: aLink, client: {} })).rejects.toMatchObject({
      code: 'SENDING_BLOCKED',
      details: { reason: 'subscriptionOver' },
    });
    await expect(h.call(TRANSFERS_RPC.create, { caller: h.user({ status: 'past_due' }), draft: aLink, client: {} })).rejects.toMatchObject({
      code: 'SENDING_BLOCKED',
      details: { reason: 'trialExpired' },
    });
  });

  it('when the storage is full, then SENDING_BLOCKED (storageFull); for a team member it is the admin\'s storage that counts', async () => {
    const full = h.user({ role: 'free' });
    h.storage.usage.set(full.sub, 10 * GB);
    await expect(h.call(TRANSFERS_RPC.create, { caller: full, draft: aLink, client: {} })).rejects.toMatchObject({ code: 'SENDING_BLOCKED', details: { reason: 'storageFull' } });

    const admin = h.user({ role: 'business' });
    const member = h.user({ role: 'business', admin });
    h.storage.usage.set(admin.sub, 1024 ** 4);
    await expect(h.call(TRANSFERS_RPC.create, { caller: member, draft: aLink, client: {} })).rejects.toMatchObject({ code: 'SENDING_BLOCKED', details: { reason: 'storageFull' } });
  });
});
