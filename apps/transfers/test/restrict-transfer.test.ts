import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('restricting a transfer', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('restrict');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the sender disables the link, then the page and downloads answer TRANSFER_RESTRICTED until it is enabled again, and nothing is deleted', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    await h.call(TRANSFERS_RPC.restrict, { caller: ada, slug: sent.slug, restricted: true });

    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).rejects.toMatchObject({ code: 'TRANSFER_RESTRICTED' });
    await expect(h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, client: {}, body: { all: true } })).rejects.toMatchObject({ code: 'TRANSFER_RESTRICTED' });
    await expect(h.call(TRANSFERS_RPC.get, { caller: ada, slug: sent.slug })).resolves.toMatchObject({ restricted: true });
    expect(h.storage.deleted).toEqual([]);

    await h.call(TRANSFERS_RPC.restrict, { caller: ada, slug: sent.slug, restricted: false });
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).resolves.toMatchObject({ slug: sent.slug });
  });

  it('when another account restricts it, then 404 and the link still works', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')] });
    await expect(h.call(TRANSFERS_RPC.restrict, { caller: h.user(), slug: sent.slug, restricted: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).resolves.toMatchObject({ slug: sent.slug });
  });
});
