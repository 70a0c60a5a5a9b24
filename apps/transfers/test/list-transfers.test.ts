import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC, ZTransferListQuery, type TAccessClaims, type TTransferListQuery } from '@ferry/contracts';
import { EXPIRY_SECONDS } from '@ferry/plans';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;

describe('the dashboard list and its tabs', () => {
  let h: TransfersHarness;
  let ada: TAccessClaims;
  let colleague: TAccessClaims;
  const slugs: Record<string, string> = {};
  const list = (caller: TAccessClaims, query: Partial<TTransferListQuery> = {}) => h.call(TRANSFERS_RPC.list, { caller, query: ZTransferListQuery.parse(query) });
  const namesOf = (items: { fileName: string }[]) => items.map((i) => i.fileName);

  beforeAll(async () => {
    h = await bootTransfers('list');
    const admin = h.user({ role: 'business' });
    ada = h.user({ role: 'business', admin });
    colleague = h.user({ role: 'business', admin });
    // Oldest first: expired (sent 10 days ago, one week), downloaded, expiring (2 days), unseen, shared by the colleague.
    slugs['expired'] = (await h.send(ada, { sendAs: 'link', files: [draftFile('alpha.txt')] })).slug;
    h.advance(10 * DAY);
    slugs['downloaded'] = (await h.send(ada, { files: [draftFile('bravo.txt')], emailTo: ['bo@client.example'], message: 'Quarterly numbers' })).slug;
    h.place = { known: true, countryCode: 'NL', country: 'Netherlands', city: 'Amsterdam' };
    await h.call(TRANSFERS_RPC.publicDownload, { slug: slugs['downloaded'], client: { ip: '192.0.2.9' }, body: { all: true } });
    h.advance(60_000);
    slugs['expiring'] = (await h.send(ada, { sendAs: 'link', files: [draftFile('charlie.txt')], expiryDate: h.now().getTime() + 2 * DAY })).slug;
    h.advance(60_000);
    slugs['unseen'] = (await h.send(ada, { sendAs: 'link', files: [draftFile('delta.txt')], expirySeconds: EXPIRY_SECONDS.month })).slug;
    h.advance(60_000);
    slugs['shared'] = (await h.send(colleague, { sendAs: 'link', files: [draftFile('echo.txt')], shareWith: [ada.sub] })).slug;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the sender lists everything, then their own transfers come newest first with the counts of every tab', async () => {
    const { items, counts } = await list(ada);
    expect(namesOf(items)).toEqual(['delta.txt', 'charlie.txt', 'bravo.txt', 'alpha.txt']);
    expect(counts).toEqual({ all: 4, active: 3, expired: 1, thisMonthsTransfers: expect.any(Number), shared: 1 });
    expect(items.find((i) => i.slug === slugs['downloaded'])).toMatchObject({
      total_downloads: 1,
      downloads: [{ country_name: 'Netherlands', countryCode: 'NL', dlDate: expect.any(String) }],
      emailTo: [{ email: 'bo@client.example' }],
      state: 'active',
    });
  });

  it('when a tab is chosen, then active, expired, unseen, expiring and shared each hold their own', async () => {
    expect(namesOf((await list(ada, { filter: 'active' })).items)).toEqual(['delta.txt', 'charlie.txt', 'bravo.txt']);
    expect(namesOf((await list(ada, { filter: 'expired' })).items)).toEqual(['alpha.txt']);
    expect(namesOf((await list(ada, { filter: 'unseen' })).items)).toEqual(['delta.txt', 'charlie.txt']);
    expect(namesOf((await list(ada, { filter: 'expiring' })).items)).toEqual(['charlie.txt']);
    const shared = (await list(ada, { filter: 'shared' })).items;
    expect(shared.map((i) => [i.fileName, i.shared])).toEqual([['echo.txt', true]]);
  });

  it('when the sender searches, then a file name, a recipient, the message or the exact slug finds the transfer', async () => {
    expect(namesOf((await list(ada, { search: 'BRAVO' })).items)).toEqual(['bravo.txt']);
    expect(namesOf((await list(ada, { search: 'bo@client' })).items)).toEqual(['bravo.txt']);
    expect(namesOf((await list(ada, { search: 'quarterly' })).items)).toEqual(['bravo.txt']);
    expect(namesOf((await list(ada, { search: slugs['unseen'] })).items)).toEqual(['delta.txt']);
    expect((await list(ada, { search: '%' })).items).toEqual([]);
  });

  it('when the list is sorted by name and paged, then each page holds the next names', async () => {
    expect(namesOf((await list(ada, { sort: 'name', limit: 2 })).items)).toEqual(['alpha.txt', 'bravo.txt']);
    expect(namesOf((await list(ada, { sort: 'name', limit: 2, skip: 2 })).items)).toEqual(['charlie.txt', 'delta.txt']);
    expect(namesOf((await list(ada, { sort: '-name', limit: 1 })).items)).toEqual(['delta.txt']);
  });

  it('when someone else lists, then none of the sender\'s transfers show', async () => {
    const { items, counts } = await list(h.user());
    expect(items).toEqual([]);
    expect(counts).toEqual({ all: 0, active: 0, expired: 0, thisMonthsTransfers: 0, shared: 0 });
  });
});
