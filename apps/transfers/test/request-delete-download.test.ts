import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS_RPC } from '@ferry/contracts';
import { createRequest, uploadThroughRequest } from './support/request-harness';
import { bootTransfers, type TransfersHarness } from './support/transfers-harness';

describe('a requester downloads and deletes a request', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('requests_delete');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the requester downloads, then one arrived file is signed, or a ZIP of all with their folders', async () => {
    const ada = h.user();
    const request = await createRequest(h, ada);
    const started = await uploadThroughRequest(h, request.slug, [{ name: 'a.pdf', size: 5 }, { name: 'b.pdf', size: 7, path: 'scans' }]);
    const fileId = started.uploads[1]?.fileId ?? '';

    await expect(h.call(REQUESTS_RPC.download, { caller: ada, slug: request.slug, body: { fileId } })).resolves.toMatchObject({ url: `http://storage.test/objects/${fileId}` });
    await expect(h.call(REQUESTS_RPC.download, { caller: ada, slug: request.slug, body: { all: true } })).resolves.toMatchObject({
      url: `http://storage.test/zip/ferry-request-${request.slug}.zip`,
    });
  });

  it('when nothing arrived yet or the file is not the request\'s, then 404; another account gets 404 too', async () => {
    const ada = h.user();
    const request = await createRequest(h, ada);
    await expect(h.call(REQUESTS_RPC.download, { caller: ada, slug: request.slug, body: { all: true } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No files have arrived yet',
    });
    await expect(h.call(REQUESTS_RPC.download, { caller: ada, slug: request.slug, body: { fileId: '00000000-0000-4000-8000-000000000000' } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(h.call(REQUESTS_RPC.download, { caller: h.user(), slug: request.slug, body: { all: true } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when the requester deletes it, then the link stops at once and every file it received is deleted from storage', async () => {
    const ada = h.user();
    const request = await createRequest(h, ada);
    const started = await uploadThroughRequest(h, request.slug, [{ name: 'a.pdf', size: 5 }]);
    await h.call(REQUESTS_RPC.delete, { caller: ada, slug: request.slug });

    await expect(h.call(REQUESTS_RPC.publicGet, { slug: request.slug, client: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(h.storage.deleted).toEqual(expect.arrayContaining(started.uploads.map((g) => g.fileId)));
    expect(await h.db('file_requests').where({ slug: request.slug }).first()).toMatchObject({ status: 'deleted', purged_at: expect.any(Date) });
    expect((await h.call(REQUESTS_RPC.list, { caller: ada, query: { skip: 0, limit: 30 } })).total).toBe(0);
  });

  it('when another account deletes it, then 404 and it stays open', async () => {
    const request = await createRequest(h, h.user());
    await expect(h.call(REQUESTS_RPC.delete, { caller: h.user(), slug: request.slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.call(REQUESTS_RPC.publicGet, { slug: request.slug, client: {} })).resolves.toMatchObject({ slug: request.slug });
  });
});
