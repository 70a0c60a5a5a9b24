import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

const GB = 1024 ** 3;

describe('the plan limits a transfer', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('create_limits');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a free account sends more than 3 GB, then 413-style OVER_TRANSFER_LIMIT with the limit and the size, and storage grants nothing', async () => {
    const free = h.user({ role: 'free' });
    const grantsBefore = h.storage.objects.size;
    await expect(
      h.call(TRANSFERS_RPC.create, { caller: free, draft: draft({ sendAs: 'link', files: [draftFile('big.bin', 2 * GB), draftFile('more.bin', 1.5 * GB)] }), client: {} }),
    ).rejects.toMatchObject({ code: 'OVER_TRANSFER_LIMIT', details: { limit: 3 * GB, actual: 3.5 * GB } });
    expect(h.storage.objects.size).toBe(grantsBefore);
  });

  it('when a pro account sends the same 3.5 GB, then it is accepted', async () => {
    const pro = h.user({ role: 'pro' });
    const created = await h.call(TRANSFERS_RPC.create, { caller: pro, draft: draft({ sendAs: 'link', files: [draftFile('big.bin', 2 * GB), draftFile('more.bin', 1.5 * GB)] }), client: {} });
    expect(created.uploads).toHaveLength(2);
  });

  it('when a free account mails 7 people, then TOO_MANY_RECIPIENTS with the trial offered', async () => {
    const free = h.user({ role: 'free' });
    const emailTo = Array.from({ length: 7 }, (_, i) => `r${i}@client.example`);
    await expect(h.call(TRANSFERS_RPC.create, { caller: free, draft: draft({ files: [draftFile('a.txt')], emailTo }), client: {} })).rejects.toMatchObject({
      code: 'TOO_MANY_RECIPIENTS',
      details: { limit: 6, actual: 7, action: { kind: 'startTrial' } },
    });
  });

  it('when a free account sends 51 files, then TOO_MANY_FILES', async () => {
    const free = h.user({ role: 'free' });
    const files = Array.from({ length: 51 }, (_, i) => draftFile(`f${i}.txt`));
    await expect(h.call(TRANSFERS_RPC.create, { caller: free, draft: draft({ sendAs: 'link', files }), client: {} })).rejects.toMatchObject({
      code: 'TOO_MANY_FILES',
      details: { limit: 50, actual: 51 },
    });
  });
});
