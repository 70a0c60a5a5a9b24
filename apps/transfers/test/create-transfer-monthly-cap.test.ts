import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('the free plan\'s monthly cap', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('create_monthly_cap');
    // Early in a month, so a day later is still the same month.
    const now = h.now();
    h.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2) - now.getTime());
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a free account sent 10 transfers this month, then the 11th is MONTHLY_LIMIT_REACHED until the next month', async () => {
    const free = h.user({ role: 'free' });
    for (let i = 0; i < 10; i += 1) await h.send(free, { sendAs: 'link', files: [draftFile(`f${i}.txt`)] });

    const eleventh = { caller: free, draft: draft({ sendAs: 'link', files: [draftFile('one-more.txt')] }), client: {} };
    await expect(h.call(TRANSFERS_RPC.create, eleventh)).rejects.toMatchObject({
      code: 'MONTHLY_LIMIT_REACHED',
      details: { limit: 10, title: 'Monthly limit reached', action: { kind: 'startTrial' } },
    });
    const now = h.now();
    h.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime());
    await expect(h.call(TRANSFERS_RPC.create, eleventh)).resolves.toMatchObject({ status: 'uploading' });
  });

  it('when a pro account sent 10 transfers this month, then it keeps sending', async () => {
    const pro = h.user({ role: 'pro' });
    for (let i = 0; i < 10; i += 1) await h.send(pro, { sendAs: 'link', files: [draftFile(`f${i}.txt`)] });
    await expect(h.call(TRANSFERS_RPC.create, { caller: pro, draft: draft({ sendAs: 'link', files: [draftFile('x.txt')] }), client: {} })).resolves.toMatchObject({
      status: 'uploading',
    });
  });
});
