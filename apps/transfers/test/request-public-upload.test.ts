import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS_RPC } from '@ferry/contracts';
import { createRequest } from './support/request-harness';
import { bootTransfers, type TransfersHarness } from './support/transfers-harness';

const GB = 1024 ** 3;
const DAY = 86_400_000;

describe('an uploader on a request\'s page', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('requests_public');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when anyone opens the link, then they see who asks and what for, never the files', async () => {
    const ada = h.user({ email: 'ada@acme.example' });
    const request = await createRequest(h, ada, { title: 'Contracts', message: 'By Friday' });
    await expect(h.call(REQUESTS_RPC.publicGet, { slug: request.slug, client: {} })).resolves.toEqual({
      slug: request.slug,
      title: 'Contracts',
      message: 'By Friday',
      requesterName: 'Ada Lovelace',
      requesterEmail: 'ada@acme.example',
      expiryDate: null,
      // A Free requester's page carries Ferry's own look.
      branding: { logoUrl: null, accentColor: null, backgroundUrl: null, poweredBy: true },
    });
  });

  it('when an uploader starts a batch, then anonymous filters apply and the grants go to the requester\'s storage at the request\'s path', async () => {
    const admin = h.user({ role: 'business' });
    const member = h.user({ role: 'business', admin });
    const request = await createRequest(h, member);
    const started = await h.call(REQUESTS_RPC.startUpload, {
      slug: request.slug,
      client: { ip: '198.51.100.4' },
      body: { files: [{ name: 'a.pdf', size: 5 }, { name: 'page.html', size: 5 }, { name: 'a.pdf', size: 5 }] },
    });
    expect(started.uploads.map((g) => g.name)).toEqual(['a.pdf']);
    expect(started.dropped.map((d) => d.reason)).toEqual(['insecureType', 'duplicate']);
    expect(h.storage.objects.get(started.uploads[0]?.fileId ?? '')?.owner).toEqual({ type: 'request', userId: admin.sub, uploadPath: request.slug });
    // Started, not arrived: the requester sees nothing yet.
    expect((await h.call(REQUESTS_RPC.get, { caller: member, slug: request.slug })).files).toEqual([]);
  });

  it('when the batch breaks the requester\'s plan, then OVER_TRANSFER_LIMIT and no grant', async () => {
    const free = h.user({ role: 'free' });
    const request = await createRequest(h, free);
    const objects = h.storage.objects.size;
    await expect(h.call(REQUESTS_RPC.startUpload, { slug: request.slug, client: {}, body: { files: [{ name: 'big.bin', size: 4 * GB }] } })).rejects.toMatchObject({
      code: 'OVER_TRANSFER_LIMIT',
    });
    expect(h.storage.objects.size).toBe(objects);
  });

  it('when the request expired, then its page and uploads answer LINK_EXPIRED', async () => {
    const request = await createRequest(h, h.user(), { expiryDate: h.now().getTime() + DAY });
    h.advance(DAY + 1);
    await expect(h.call(REQUESTS_RPC.publicGet, { slug: request.slug, client: {} })).rejects.toMatchObject({ code: 'LINK_EXPIRED' });
    await expect(h.call(REQUESTS_RPC.startUpload, { slug: request.slug, client: {}, body: { files: [{ name: 'a.pdf', size: 1 }] } })).rejects.toMatchObject({
      code: 'LINK_EXPIRED',
    });
  });
});
