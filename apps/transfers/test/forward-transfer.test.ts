import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_CREATED, TRANSFERS_RPC, ZForwardBody } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('forwarding a transfer', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('forward');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the sender forwards chosen files by email, then a new live transfer holds copies of them and its recipients are mailed', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt', 5), draftFile('b.txt', 7), draftFile('c.txt', 9)] });
    const chosen = [sent.fileIds[0] ?? '', sent.fileIds[2] ?? ''];
    const forwarded = await h.call(TRANSFERS_RPC.forward, { caller: ada, slug: sent.slug, body: ZForwardBody.parse({ fileIds: chosen, emailTo: ['bo@client.example'] }) });

    expect(forwarded).toMatchObject({ status: 'live', uploads: [], contacts: [{ email: 'bo@client.example' }] });
    expect(forwarded.slug).not.toBe(sent.slug);
    const page = await h.call(TRANSFERS_RPC.publicGet, { slug: forwarded.slug, client: {} });
    expect(page.files.map((f) => [f.name, f.size])).toEqual([
      ['a.txt', 5],
      ['c.txt', 9],
    ]);
    expect(page.files.every((f) => !chosen.includes(f.id) && h.storage.objects.get(f.id)?.status === 'complete')).toBe(true);
    expect(await h.db('transfers').where({ id: forwarded.id }).first()).toMatchObject({ forwarded_from: sent.id, file_count: 2, total_size: '14' });
    const [event] = await h.events(TRANSFER_CREATED, (e) => e.transferId === forwarded.id);
    expect(event).toMatchObject({ fileNames: ['a.txt', 'c.txt'], recipients: [{ email: 'bo@client.example' }] });
  });

  it('when a file is not in the transfer, then 404 and storage copies nothing', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    const other = await h.send(ada, { sendAs: 'link', files: [draftFile('b.txt')] });
    const objects = h.storage.objects.size;
    await expect(
      h.call(TRANSFERS_RPC.forward, { caller: ada, slug: sent.slug, body: ZForwardBody.parse({ sendAs: 'link', fileIds: [other.fileIds[0]] }) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Some of those files are not in this transfer' });
    expect(h.storage.objects.size).toBe(objects);
  });

  it('when a stranger forwards it, then 404; a colleague it is shared with may', async () => {
    const admin = h.user({ role: 'business' });
    const ada = h.user({ role: 'business', admin });
    const bo = h.user({ role: 'business', admin });
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')], shareWith: [bo.sub] });
    const body = ZForwardBody.parse({ sendAs: 'link', fileIds: sent.fileIds });
    await expect(h.call(TRANSFERS_RPC.forward, { caller: h.user(), slug: sent.slug, body })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.call(TRANSFERS_RPC.forward, { caller: bo, slug: sent.slug, body })).resolves.toMatchObject({ status: 'live' });
  });
});
