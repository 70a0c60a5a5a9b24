import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;

describe('purging a transfer now (ferry-admin purge-transfer)', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('purge_now');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a transfer has expired, then its objects are deleted at once, inside the grace period, its row is kept marked purged and its link is gone', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt'), draftFile('b.txt')] });
    h.advance(7 * DAY + 1);

    expect(await h.call(TRANSFERS_RPC.purge, { slug: sent.slug })).toEqual({ transferId: sent.id, purged: true, files: 2 });
    expect(h.storage.deleted).toEqual(expect.arrayContaining(sent.fileIds));
    expect((await h.db('transfers').where({ id: sent.id }).first()).purged_at).toEqual(expect.any(Date));
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when it was purged already, then nothing more is deleted', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')] });
    h.advance(7 * DAY + 1);
    await h.call(TRANSFERS_RPC.purge, { slug: sent.slug });
    const deletedBefore = h.storage.deleted.length;

    expect(await h.call(TRANSFERS_RPC.purge, { slug: sent.slug })).toEqual({ transferId: sent.id, purged: false, files: 0 });
    expect(h.storage.deleted).toHaveLength(deletedBefore);
  });

  it('when the transfer is still active, then it is refused and nothing is deleted', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')] });

    await expect(h.call(TRANSFERS_RPC.purge, { slug: sent.slug })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'This transfer has not expired' });
    expect(h.storage.deleted).not.toContain(sent.fileIds[0]);
    expect((await h.db('transfers').where({ id: sent.id }).first()).purged_at).toBeNull();
  });

  it('when no transfer has the slug, then it is a 404', async () => {
    await expect(h.call(TRANSFERS_RPC.purge, { slug: 'Zz9Zz9Z' })).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});
