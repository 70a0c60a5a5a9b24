import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_EXTENSION_OFFERED, TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, openAs, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;

describe('the expiry sweep', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('sweep');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a transfer just expired, then its sender is offered an extension once, and its objects are kept through the grace period', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')] });
    h.advance(7 * DAY + 1);
    await h.running.sweep();
    await h.running.sweep();

    expect(await h.events(TRANSFER_EXTENSION_OFFERED, (e) => e.transferId === sent.id)).toEqual([expect.objectContaining({ reason: 'expired', requestedBy: null })]);
    expect(h.storage.deleted).not.toContain(sent.fileIds[0]);
    expect((await h.db('transfers').where({ id: sent.id }).first()).purged_at).toBeNull();
  });

  it('when a transfer has been expired longer than the 30-day grace period, then its objects are purged and its link is gone', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt'), draftFile('b.txt')] });
    h.advance(7 * DAY + 30 * DAY + 1);
    await h.running.sweep();

    expect(h.storage.deleted).toEqual(expect.arrayContaining(sent.fileIds));
    expect((await h.db('transfers').where({ id: sent.id }).first()).purged_at).toEqual(expect.any(Date));
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('when a deleted transfer\'s purge failed, then the sweep purges it', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')] });
    await h.db('transfers').where({ id: sent.id }).update({ status: 'deleted' });
    await h.running.sweep();
    expect(h.storage.deleted).toContain(sent.fileIds[0]);
    expect((await h.db('transfers').where({ id: sent.id }).first()).purged_at).toEqual(expect.any(Date));
  });

  it('when a transfer without a sender email expires, then no offer is sent and it is not looked at again', async () => {
    const seeded = await h.seedTransfer();
    await h.db('transfers').where({ id: seeded.id }).update({ sender_email: null });
    h.advance(7 * DAY + 1);
    await h.running.sweep();
    expect(await h.events(TRANSFER_EXTENSION_OFFERED, (e) => e.transferId === seeded.id)).toEqual([]);
    expect((await h.db('transfers').where({ id: seeded.id }).first()).extension_offered_at).toEqual(expect.any(Date));
  });

  it('when wrong passwords are older than every window, then the sweep forgets them', async () => {
    const transfer = await h.seedTransfer({ password: 'open sesame' });
    expect(await openAs(h, transfer, { ip: '203.0.113.1', password: 'wrong' })).toEqual({ code: 'PASSWORD_INCORRECT' });
    expect(await h.db('password_attempts').where({ transfer_id: transfer.id })).toHaveLength(1);
    h.advance(61 * 60_000);
    await h.running.sweep();
    expect(await h.db('password_attempts').where({ transfer_id: transfer.id })).toHaveLength(0);
  });
});
