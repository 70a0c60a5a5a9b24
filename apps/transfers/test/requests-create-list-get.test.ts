import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS_RPC } from '@ferry/contracts';
import { createRequest, uploadThroughRequest } from './support/request-harness';
import { bootTransfers, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;

describe('a requester\'s file requests', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('requests_mine');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a requester creates a request, then it has a /r/ link and the requester\'s name, and is listed newest first with the total', async () => {
    const ada = h.user();
    const first = await createRequest(h, ada, { title: 'Invoices', message: '  ' });
    h.advance(1_000);
    const second = await createRequest(h, ada, { title: 'Photos', expiryDate: h.now().getTime() + 2 * DAY });

    expect(second.url).toBe(`http://localhost:8080/r/${second.slug}`);
    const { items, total } = await h.call(REQUESTS_RPC.list, { caller: ada, query: { skip: 0, limit: 30 } });
    expect(total).toBe(2);
    expect(items.map((r) => [r.slug, r.title, r.message, r.state, r.fileCount])).toEqual([
      [second.slug, 'Photos', null, 'active', 0],
      [first.slug, 'Invoices', null, 'active', 0],
    ]);
    expect((await h.call(REQUESTS_RPC.list, { caller: ada, query: { skip: 1, limit: 1 } })).items.map((r) => r.slug)).toEqual([first.slug]);
    expect((await h.call(REQUESTS_RPC.list, { caller: h.user(), query: { skip: 0, limit: 30 } })).total).toBe(0);
  });

  it('when files arrived, then the request shows each with its size, uploader and date, and counts them', async () => {
    const ada = h.user();
    const request = await createRequest(h, ada);
    await uploadThroughRequest(h, request.slug, [{ name: 'a.pdf', size: 5 }, { name: 'b.pdf', size: 7, path: 'scans' }], { email: 'up@loader.example' });

    const detail = await h.call(REQUESTS_RPC.get, { caller: ada, slug: request.slug });
    expect(detail).toMatchObject({ fileCount: 2, totalBytes: 12, lastUploadAt: h.now().getTime() });
    expect(detail.files.map((f) => [f.name, f.path, f.size, f.uploaderEmail])).toEqual([
      ['a.pdf', null, 5, 'up@loader.example'],
      ['b.pdf', 'scans', 7, 'up@loader.example'],
    ]);
  });

  it('when the custom date is too close, then 400 VALIDATION_FAILED; someone else opening a request gets 404', async () => {
    const ada = h.user();
    await expect(createRequest(h, ada, { expiryDate: h.now().getTime() + 60_000 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'expiryDate' } });
    const request = await createRequest(h, ada);
    await expect(h.call(REQUESTS_RPC.get, { caller: h.user(), slug: request.slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when the request expired, then it is listed as expired', async () => {
    const ada = h.user();
    await createRequest(h, ada, { expiryDate: h.now().getTime() + DAY });
    h.advance(DAY + 1);
    expect((await h.call(REQUESTS_RPC.list, { caller: ada, query: { skip: 0, limit: 30 } })).items.map((r) => r.state)).toEqual(['expired']);
  });
});
