import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_EXTENDED, TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the sender extends a transfer from the dashboard', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('extend_owned');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when it is still active, then 48 hours are added to its expiry and the recipients are told the new date, under the company brand', async () => {
    const brand = { logoUrl: '/api/v1/public/pictures/6b1f9c1e-0d7e-4c53-9d0e-1f2a3b4c5d6e', accentColor: '#aa3300', backgroundUrl: '/api/v1/public/pictures/0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', poweredBy: true };
    const ada = h.user({ branding: brand });
    const sent = await h.send(ada, { files: [draftFile('a.txt')], emailTo: ['bo@client.example'] });
    const before = await h.call(TRANSFERS_RPC.get, { caller: ada, slug: sent.slug });
    const { expiryDate } = await h.call(TRANSFERS_RPC.extendOwned, { caller: ada, slug: sent.slug });
    expect(expiryDate).toBe(before.expiryDate + 48 * HOUR);
    await expect(h.call(TRANSFERS_RPC.get, { caller: ada, slug: sent.slug })).resolves.toMatchObject({ expiryDate, state: 'active' });
    expect(await h.events(TRANSFER_EXTENDED, (e) => e.transferId === sent.id)).toEqual([
      expect.objectContaining({
        expiryDate: new Date(expiryDate).toISOString(),
        recipients: [expect.objectContaining({ email: 'bo@client.example' })],
        branding: { ...brand, logoUrl: expect.stringMatching(/^https?:\/\/.+\/api\/v1\/public\/pictures\/6b1f/), backgroundUrl: expect.stringMatching(/^https?:\/\/.+\/api\/v1\/public\/pictures\/0c1d/) },
      }),
    ]);
  });

  it('when it has expired, then the 48 hours count from now and the link works again', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    h.advance(8 * DAY);
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).rejects.toMatchObject({ code: 'TRANSFER_EXPIRED' });
    const { expiryDate } = await h.call(TRANSFERS_RPC.extendOwned, { caller: ada, slug: sent.slug });
    expect(expiryDate).toBe(h.now().getTime() + 48 * HOUR);
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).resolves.toMatchObject({ expiryDate });
  });

  it('when another account asks, or the transfer is deleted, then 404 and its expiry is unchanged', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    const before = await h.call(TRANSFERS_RPC.get, { caller: ada, slug: sent.slug });
    await expect(h.call(TRANSFERS_RPC.extendOwned, { caller: h.user(), slug: sent.slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.call(TRANSFERS_RPC.get, { caller: ada, slug: sent.slug })).resolves.toMatchObject({ expiryDate: before.expiryDate });
    await h.call(TRANSFERS_RPC.delete, { caller: ada, slug: sent.slug });
    await expect(h.call(TRANSFERS_RPC.extendOwned, { caller: ada, slug: sent.slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when its files were purged, then LINK_EXPIRED; when it would go past a year from now, then VALIDATION_FAILED', async () => {
    const ada = h.user();
    const purged = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    h.advance(8 * DAY);
    await h.call(TRANSFERS_RPC.purge, { slug: purged.slug });
    await expect(h.call(TRANSFERS_RPC.extendOwned, { caller: ada, slug: purged.slug })).rejects.toMatchObject({ code: 'LINK_EXPIRED' });

    const yearLong = await h.send(ada, { sendAs: 'link', files: [draftFile('b.txt')], expirySeconds: 31_536_000 });
    await expect(h.call(TRANSFERS_RPC.extendOwned, { caller: ada, slug: yearLong.slug })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
