import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_UPLOADED, REQUESTS_RPC } from '@ferry/contracts';
import { createRequest } from './support/request-harness';
import { bootTransfers, type TransfersHarness } from './support/transfers-harness';

describe('an uploader completes a batch', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('requests_complete');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the batch is completed, then its files arrive and the requester is told once, however often it is completed', async () => {
    const ada = h.user();
    const request = await createRequest(h, ada, { title: 'Scans' });
    const client = { ip: '198.51.100.4' };
    const started = await h.call(REQUESTS_RPC.startUpload, { slug: request.slug, client, body: { files: [{ name: 'a.pdf', size: 5, path: 'x' }], email: 'up@loader.example' } });
    const complete = { slug: request.slug, uploadId: started.uploadId, client, body: { uploads: started.uploads.map((g) => ({ uploadToken: g.uploadToken })) } };

    await expect(h.call(REQUESTS_RPC.completeUpload, complete)).rejects.toMatchObject({ code: 'TRANSFER_NOT_READY' });
    h.storage.upload(started.uploads);
    await expect(h.call(REQUESTS_RPC.completeUpload, complete)).resolves.toEqual({ slug: request.slug, fileCount: 1 });
    await expect(h.call(REQUESTS_RPC.completeUpload, complete)).resolves.toEqual({ slug: request.slug, fileCount: 1 });

    expect(await h.events(REQUEST_UPLOADED, (e) => e.slug === request.slug)).toEqual([
      expect.objectContaining({ title: 'Scans', ownerId: ada.sub, ownerEmail: ada.email, fileNames: ['x/a.pdf'], uploaderEmail: 'up@loader.example', ip: '198.51.100.4' }),
    ]);
    expect((await h.call(REQUESTS_RPC.get, { caller: ada, slug: request.slug })).fileCount).toBe(1);
  });

  it('when the upload id is unknown, then 404', async () => {
    const request = await createRequest(h, h.user());
    await expect(
      h.call(REQUESTS_RPC.completeUpload, { slug: request.slug, uploadId: '00000000-0000-4000-8000-000000000000', client: {}, body: { uploads: [] } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
