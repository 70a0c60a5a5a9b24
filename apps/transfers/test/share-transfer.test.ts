import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC, ZTransferListQuery } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('sharing a transfer with the team', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('share');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the sender shares with a colleague, then it shows under the colleague\'s shared tab; sharing again with nobody takes it away', async () => {
    const admin = h.user({ role: 'business' });
    const ada = h.user({ role: 'business', admin });
    const bo = h.user({ role: 'business', admin });
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    const sharedWithBo = async () => (await h.call(TRANSFERS_RPC.list, { caller: bo, query: ZTransferListQuery.parse({ filter: 'shared' }) })).items.map((i) => i.slug);

    await h.call(TRANSFERS_RPC.share, { caller: ada, slug: sent.slug, shareWith: [bo.sub, bo.sub, ada.sub] });
    expect(await sharedWithBo()).toEqual([sent.slug]);
    expect((await h.db('transfers').where({ id: sent.id }).first()).share_with).toEqual([bo.sub]);

    await h.call(TRANSFERS_RPC.share, { caller: ada, slug: sent.slug, shareWith: [] });
    expect(await sharedWithBo()).toEqual([]);
  });

  it('when the list names someone outside the team, then 400 VALIDATION_FAILED and the sharing is unchanged', async () => {
    const admin = h.user({ role: 'business' });
    const ada = h.user({ role: 'business', admin });
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    await expect(h.call(TRANSFERS_RPC.share, { caller: ada, slug: sent.slug, shareWith: [h.user().sub] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'shareWith' },
    });
    expect((await h.db('transfers').where({ id: sent.id }).first()).share_with).toEqual([]);
  });

  it('when a shared colleague tries to share it on, then 404: only the sender and the admin manage it', async () => {
    const admin = h.user({ role: 'business' });
    const ada = h.user({ role: 'business', admin });
    const bo = h.user({ role: 'business', admin });
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')], shareWith: [bo.sub] });
    await expect(h.call(TRANSFERS_RPC.share, { caller: bo, slug: sent.slug, shareWith: [admin.sub] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
