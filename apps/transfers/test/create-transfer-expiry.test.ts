import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { EXPIRY_SECONDS } from '@ferry/plans';
import { bootTransfers, codeOf, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

const linkOf = (expiry: { expirySeconds?: number; expiryDate?: number }) => draft({ sendAs: 'link', files: [draftFile('a.txt')], ...expiry });

describe('the expiry a sender may choose', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('create_expiry');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a free account picks 1 Week or nothing, then the transfer expires a week after it goes live', async () => {
    const free = h.user({ role: 'free' });
    const sent = await h.send(free, { sendAs: 'link', files: [draftFile('a.txt')] });
    const row = await h.db('transfers').where({ id: sent.id }).first();
    expect(Number(row.expiry_seconds)).toBe(EXPIRY_SECONDS.week);
    expect(row.expiry_date.getTime()).toBe(h.now().getTime() + EXPIRY_SECONDS.week * 1000);
  });

  it('when a free account picks 1 Month or a custom date, then EXPIRY_NOT_ALLOWED with the trial offered', async () => {
    const free = h.user({ role: 'free' });
    for (const expiry of [{ expirySeconds: EXPIRY_SECONDS.month }, { expiryDate: h.now().getTime() + 2 * 86_400_000 }]) {
      await expect(h.call(TRANSFERS_RPC.create, { caller: free, draft: linkOf(expiry), client: {} })).rejects.toMatchObject({
        code: 'EXPIRY_NOT_ALLOWED',
        details: { action: { kind: 'startTrial' } },
      });
    }
  });

  it('when a subscriber picks 1 Year, then it is kept', async () => {
    const pro = h.user({ role: 'pro' });
    const created = await h.call(TRANSFERS_RPC.create, { caller: pro, draft: linkOf({ expirySeconds: EXPIRY_SECONDS.year }), client: {} });
    expect(Number((await h.db('transfers').where({ id: created.id }).first()).expiry_seconds)).toBe(EXPIRY_SECONDS.year);
  });

  it('when a subscriber picks a custom date, then it stays as picked however late the transfer goes live', async () => {
    const pro = h.user({ role: 'pro' });
    const picked = h.now().getTime() + 3 * 86_400_000;
    const created = await h.call(TRANSFERS_RPC.create, { caller: pro, draft: linkOf({ expiryDate: picked }), client: {} });
    h.storage.upload(created.uploads);
    h.advance(3_600_000);
    await h.call(TRANSFERS_RPC.complete, { caller: pro, id: created.id, body: { uploads: created.uploads.map((g) => ({ uploadToken: g.uploadToken })) } });
    expect((await h.db('transfers').where({ id: created.id }).first()).expiry_date.getTime()).toBe(picked);
  });

  it('when a custom date is under 30 minutes or over a year away, or the seconds are no choice, then 400 VALIDATION_FAILED', async () => {
    const pro = h.user({ role: 'pro' });
    const codes = await Promise.all(
      [{ expiryDate: h.now().getTime() + 10 * 60_000 }, { expiryDate: h.now().getTime() + 400 * 86_400_000 }, { expirySeconds: 12_345 }].map((expiry) =>
        codeOf(h.call(TRANSFERS_RPC.create, { caller: pro, draft: linkOf(expiry), client: {} })),
      ),
    );
    expect(codes).toEqual(['VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED']);
  });
});
