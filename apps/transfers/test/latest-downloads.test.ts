import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_RPC, TRANSFERS_RPC, ZLatestDownloadsQuery, type TAccessClaims } from '@ferry/contracts';
import { bootTransfers, draftFile, type SentTransfer, type TransfersHarness } from './support/transfers-harness';

describe("the dashboard's latest downloads (GET /downloads)", () => {
  let h: TransfersHarness;
  const latest = (caller: TAccessClaims, limit?: number) => h.call(DASHBOARD_RPC.latestDownloads, { caller, query: ZLatestDownloadsQuery.parse({ limit }) });
  const download = (sent: SentTransfer, recipient?: string) =>
    h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, recipient, client: { ip: '192.0.2.9' }, body: { fileId: sent.fileIds[0] ?? '' } });
  beforeAll(async () => {
    h = await bootTransfers('latest_downloads');
  });
  afterAll(async () => {
    await h?.close();
  });

  it("when two of a sender's transfers are downloaded from two countries, then the newest comes first with time, city, country and code, file, recipient and slug; nobody else's are listed", async () => {
    const ada = h.user();
    const mailed = await h.send(ada, { files: [draftFile('report.pdf')], emailTo: ['bo@client.example'] });
    const linked = await h.send(ada, { sendAs: 'link', files: [draftFile('photo.jpg')] });
    const token = (await h.db('transfer_recipients').where({ transfer_id: mailed.id }).first()).token as string;
    h.place = { known: true, countryCode: 'NL', country: 'Netherlands', city: 'Amsterdam' };
    await download(mailed, token);
    const first = h.now().toISOString();
    h.advance(60_000);
    h.place = { known: true, countryCode: 'AE', country: 'United Arab Emirates', city: 'Dubai' };
    await download(linked);
    const other = await h.send(h.user(), { sendAs: 'link', files: [draftFile('theirs.txt')] });
    await download(other);

    const { items } = await latest(ada);
    expect(items).toEqual([
      expect.objectContaining({ slug: linked.slug, fileName: 'photo.jpg', receiverEmail: null, city: 'Dubai', country_name: 'United Arab Emirates', countryCode: 'AE', dlDate: h.now().toISOString() }),
      expect.objectContaining({ slug: mailed.slug, fileName: 'report.pdf', receiverEmail: 'bo@client.example', city: 'Amsterdam', countryCode: 'NL', dlDate: first }),
    ]);
  });

  it('when there are more downloads than the limit, then the newest 10 come by default, or as many as asked', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    for (let i = 0; i < 12; i += 1) {
      h.advance(1_000);
      await download(sent);
    }
    const newest = h.now().toISOString();
    expect((await latest(ada)).items).toHaveLength(10);
    expect((await latest(ada, 3)).items.map((d) => d.dlDate)[0]).toBe(newest);
    expect((await latest(ada, 3)).items).toHaveLength(3);
    expect(() => ZLatestDownloadsQuery.parse({ limit: '51' })).toThrow();
  });

  it('when a transfer is deleted, then its downloads leave the list', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    await download(sent);
    await h.call(TRANSFERS_RPC.delete, { caller: ada, slug: sent.slug });
    await expect(latest(ada)).resolves.toEqual({ items: [] });
  });
});
