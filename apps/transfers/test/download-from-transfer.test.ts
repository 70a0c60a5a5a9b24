import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_DOWNLOADED, TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('downloading from a transfer', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('download');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a recipient downloads one file through their link, then a signed URL comes back and the download is recorded, counted and announced with the recipient', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { files: [draftFile('a.txt'), draftFile('b.txt')], emailTo: ['bo@client.example'] });
    const token = (await h.db('transfer_recipients').where({ transfer_id: sent.id }).first()).token as string;
    const fileId = sent.fileIds[1] ?? '';
    const signed = await h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, client: { ip: '192.0.2.7' }, body: { fileId, recipient: token } });

    expect(signed.url).toBe(`http://storage.test/objects/${fileId}`);
    expect(await h.db('downloads').where({ transfer_id: sent.id })).toEqual([
      expect.objectContaining({ file_id: fileId, file_name: 'b.txt', all_files: false, receiver_email: 'bo@client.example', ip: '192.0.2.7' }),
    ]);
    expect((await h.db('transfers').where({ id: sent.id }).first()).download_count).toBe(1);
    const [event] = await h.events(TRANSFER_DOWNLOADED, (e) => e.transferId === sent.id);
    expect(event).toMatchObject({ slug: sent.slug, senderId: ada.sub, fileName: 'b.txt', all: false, receiverEmail: 'bo@client.example', ip: '192.0.2.7' });
  });

  it('when anyone downloads everything, then a ZIP of every file is signed and recorded as "first and n more"', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt'), draftFile('b.txt'), draftFile('c.txt')] });
    const signed = await h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, client: {}, body: { all: true } });
    expect(signed.url).toBe(`http://storage.test/zip/ferry-${sent.slug}.zip`);
    expect(await h.db('downloads').where({ transfer_id: sent.id })).toEqual([expect.objectContaining({ file_name: 'a.txt and 2 more', all_files: true, ip: null })]);
  });

  it('when the page asks for a preview of an image, then it is signed and not recorded; a file without a preview is refused', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('photo.jpg'), draftFile('archive.zip')] });
    const [photo, archive] = sent.fileIds;
    await expect(h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, client: {}, body: { fileId: photo ?? '', preview: true } })).resolves.toMatchObject({
      url: `http://storage.test/objects/${photo}`,
    });
    await expect(h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, client: {}, body: { fileId: archive ?? '', preview: true } })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await h.db('downloads').where({ transfer_id: sent.id })).toEqual([]);
    expect(await h.events(TRANSFER_DOWNLOADED, (e) => e.transferId === sent.id)).toEqual([]);
  });

  it('when the file is not in the transfer, then 404 and nothing is recorded', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')] });
    const other = await h.send(h.user(), { sendAs: 'link', files: [draftFile('b.txt')] });
    await expect(h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, client: {}, body: { fileId: other.fileIds[0] ?? '' } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'That file is not in this transfer',
    });
    expect(await h.db('downloads').where({ transfer_id: sent.id })).toEqual([]);
  });
});
