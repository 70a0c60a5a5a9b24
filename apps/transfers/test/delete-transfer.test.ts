import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('deleting a transfer', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('delete');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when its sender deletes it, then the link is 404 at once, the objects are deleted from storage and the transfer is marked purged', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt'), draftFile('b.txt')] });
    await h.call(TRANSFERS_RPC.delete, { caller: ada, slug: sent.slug });

    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.call(TRANSFERS_RPC.get, { caller: ada, slug: sent.slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(h.storage.deleted).toEqual(expect.arrayContaining(sent.fileIds));
    expect(await h.db('transfers').where({ id: sent.id }).first()).toMatchObject({ status: 'deleted', purged_at: expect.any(Date) });
    expect((await h.call(TRANSFERS_RPC.list, { caller: ada, query: { filter: 'all', skip: 0, limit: 30, sort: '-lastModified' } })).counts.all).toBe(0);
  });

  it('when the team admin deletes a member\'s transfer, then it is gone; another account gets 404 and nothing changes', async () => {
    const admin = h.user({ role: 'business' });
    const member = h.user({ role: 'business', admin });
    const first = await h.send(member, { sendAs: 'link', files: [draftFile('a.txt')] });
    const second = await h.send(member, { sendAs: 'link', files: [draftFile('b.txt')] });

    await expect(h.call(TRANSFERS_RPC.delete, { caller: h.user(), slug: first.slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await h.db('transfers').where({ id: first.id }).first()).status).toBe('live');
    await h.call(TRANSFERS_RPC.delete, { caller: admin, slug: second.slug });
    expect((await h.db('transfers').where({ id: second.id }).first()).status).toBe('deleted');
  });
});
