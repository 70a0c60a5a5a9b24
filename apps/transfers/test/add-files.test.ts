import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC, ZTransferDraft } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

const GB = 1024 ** 3;
const filesOf = (...files: ReturnType<typeof draftFile>[]) => ZTransferDraft.parse({ files }).files;

describe('adding files to a live transfer', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('add_files');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the sender adds files, then only the new ones get grants, duplicates are dropped, and they join the transfer when completed', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    const added = await h.call(TRANSFERS_RPC.addFiles, { caller: ada, slug: sent.slug, body: { files: filesOf(draftFile('a.txt'), draftFile('b.txt', 5)) } });

    expect(added).toMatchObject({ id: sent.id, slug: sent.slug, status: 'live', dropped: [{ name: 'a.txt', reason: 'duplicate' }] });
    expect(added.uploads.map((g) => g.name)).toEqual(['b.txt']);
    expect((await h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).files.map((f) => f.name)).toEqual(['a.txt']);

    h.storage.upload(added.uploads);
    await h.call(TRANSFERS_RPC.complete, { caller: ada, id: sent.id, body: { uploads: added.uploads.map((g) => ({ uploadToken: g.uploadToken })) } });
    expect((await h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).files.map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    expect(await h.db('transfers').where({ id: sent.id }).first()).toMatchObject({ file_count: 2, total_size: '16' });
  });

  it('when every file is already there, then NO_FILES_LEFT', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    await expect(h.call(TRANSFERS_RPC.addFiles, { caller: ada, slug: sent.slug, body: { files: filesOf(draftFile('a.txt')) } })).rejects.toMatchObject({
      code: 'NO_FILES_LEFT',
    });
  });

  it('when the whole would break the plan, then OVER_TRANSFER_LIMIT and storage grants nothing', async () => {
    const free = h.user({ role: 'free' });
    const sent = await h.send(free, { sendAs: 'link', files: [draftFile('a.bin', 2 * GB)] });
    const objects = h.storage.objects.size;
    await expect(h.call(TRANSFERS_RPC.addFiles, { caller: free, slug: sent.slug, body: { files: filesOf(draftFile('b.bin', 2 * GB)) } })).rejects.toMatchObject({
      code: 'OVER_TRANSFER_LIMIT',
    });
    expect(h.storage.objects.size).toBe(objects);
  });

  it('when the transfer is still uploading, then TRANSFER_NOT_READY; someone else\'s, then 404', async () => {
    const ada = h.user();
    const created = await h.call(TRANSFERS_RPC.create, { caller: ada, draft: draft({ sendAs: 'link', files: [draftFile('a.txt')] }), client: {} });
    await expect(h.call(TRANSFERS_RPC.addFiles, { caller: ada, slug: created.slug, body: { files: filesOf(draftFile('b.txt')) } })).rejects.toMatchObject({
      code: 'TRANSFER_NOT_READY',
    });
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    await expect(h.call(TRANSFERS_RPC.addFiles, { caller: h.user(), slug: sent.slug, body: { files: filesOf(draftFile('b.txt')) } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
