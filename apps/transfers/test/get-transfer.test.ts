import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('one transfer in the dashboard', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('get');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when its sender opens it, then it has its files and every download with the place and the recipient', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { files: [draftFile('report.pdf', 20)], emailTo: ['bo@client.example'] });
    const token = (await h.db('transfer_recipients').where({ transfer_id: sent.id }).first()).token as string;
    h.place = { known: true, countryCode: 'NL', country: 'Netherlands', city: 'Amsterdam' };
    await h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, recipient: token, client: { ip: '192.0.2.9' }, body: { fileId: sent.fileIds[0] ?? '' } });

    const detail = await h.call(TRANSFERS_RPC.get, { caller: ada, slug: sent.slug });
    expect(detail.files.map((f) => [f.name, f.size])).toEqual([['report.pdf', 20]]);
    expect(detail.downloadLog).toEqual([
      expect.objectContaining({ fileName: 'report.pdf', all: false, receiverEmail: 'bo@client.example', country_name: 'Netherlands', countryCode: 'NL', city: 'Amsterdam' }),
    ]);
    expect(detail).toMatchObject({ total_downloads: 1, unseen: false, shareWith: [] });
  });

  it('when a team member it is shared with opens it, then they see it as shared; anyone else gets 404', async () => {
    const admin = h.user({ role: 'business' });
    const ada = h.user({ role: 'business', admin });
    const bo = h.user({ role: 'business', admin });
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')], shareWith: [bo.sub] });

    await expect(h.call(TRANSFERS_RPC.get, { caller: bo, slug: sent.slug })).resolves.toMatchObject({ shared: true, shareWith: [bo.sub] });
    await expect(h.call(TRANSFERS_RPC.get, { caller: admin, slug: sent.slug })).resolves.toMatchObject({ shared: false });
    await expect(h.call(TRANSFERS_RPC.get, { caller: h.user(), slug: sent.slug })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
