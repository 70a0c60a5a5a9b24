import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_RPC, TRANSFERS_RPC } from '@ferry/contracts';
import { EXPIRY_SECONDS } from '@ferry/plans';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;
const GB = 1024 ** 3;

describe('the analytics of an account', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('analytics');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when transfers were downloaded, then the window counts them per day, per country and per transfer, with unseen, expiring and storage', async () => {
    const ada = h.user({ role: 'pro' });
    h.storage.usage.set(ada.sub, 190 * GB);
    const popular = await h.send(ada, { sendAs: 'link', files: [draftFile('popular.txt')], expirySeconds: EXPIRY_SECONDS.month });
    const other = await h.send(ada, { sendAs: 'link', files: [draftFile('other.txt')], expirySeconds: EXPIRY_SECONDS.month });
    await h.send(ada, { sendAs: 'link', files: [draftFile('unseen.txt')], expiryDate: h.now().getTime() + DAY / 2 });
    const download = (slug: string) => h.call(TRANSFERS_RPC.publicDownload, { slug, client: { ip: '192.0.2.3' }, body: { all: true } });
    h.place = { known: true, countryCode: 'NL', country: 'Netherlands', city: 'Amsterdam' };
    await download(popular.slug);
    await download(popular.slug);
    h.advance(DAY);
    h.place = { known: true, countryCode: 'FR', country: 'France', city: 'Paris' };
    await download(popular.slug);
    await download(other.slug);

    const analytics = await h.call(DASHBOARD_RPC.analytics, { caller: ada, query: { days: 7 } });
    expect(analytics.totalDownloads).toBe(4);
    expect(analytics.downloadsPerDay).toHaveLength(7);
    expect(analytics.downloadsPerDay.slice(-2).map((d) => d.count)).toEqual([2, 2]);
    expect(analytics.downloadsByCountry).toEqual([
      { code: 'FR', name: 'France', count: 2 },
      { code: 'NL', name: 'Netherlands', count: 2 },
    ]);
    expect(analytics.topTransfers).toEqual([
      { slug: popular.slug, fileName: 'popular.txt', downloads: 3 },
      { slug: other.slug, fileName: 'other.txt', downloads: 1 },
    ]);
    // The half-day transfer expired within the day that passed: neither unseen nor expiring any more.
    expect({ unseen: analytics.unseen, expiring: analytics.expiring }).toEqual({ unseen: 0, expiring: 0 });
    expect(analytics.storage).toMatchObject({ usedBytes: 190 * GB, limitBytes: 200 * GB, state: 'almostFull' });
  });

  it('when transfers are active and never downloaded, then they count as unseen, and as expiring under 2.2 days left', async () => {
    const ada = h.user({ role: 'pro' });
    await h.send(ada, { sendAs: 'link', files: [draftFile('soon.txt')], expiryDate: h.now().getTime() + DAY });
    await h.send(ada, { sendAs: 'link', files: [draftFile('later.txt')], expirySeconds: EXPIRY_SECONDS.month });
    const analytics = await h.call(DASHBOARD_RPC.analytics, { caller: ada, query: { days: 30 } });
    expect(analytics).toMatchObject({ totalDownloads: 0, unseen: 2, expiring: 1, topTransfers: [] });
    expect(analytics.downloadsPerDay).toHaveLength(30);
  });
});
