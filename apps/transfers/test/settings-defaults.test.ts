import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS_RPC } from '@ferry/contracts';
import { EXPIRY_SECONDS } from '@ferry/plans';
import { createRequest } from './support/request-harness';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;

describe('the settings tab\'s defaults, applied by the server', () => {
  let h: TransfersHarness;
  const expiryOf = async (id: string) => Number((await h.db('transfers').where({ id }).first()).expiry_seconds);
  beforeAll(async () => {
    h = await bootTransfers('settings_defaults');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a subscriber whose default expiry is 3 Months sends without naming one, then the transfer expires in 3 months', async () => {
    const pro = h.user({ role: 'pro', settings: { transferSettings: { expirySeconds: EXPIRY_SECONDS.threeMonths } } });
    const sent = await h.send(pro, { sendAs: 'link', files: [draftFile('a.txt')] });
    expect(await expiryOf(sent.id)).toBe(EXPIRY_SECONDS.threeMonths);
    expect((await h.db('transfers').where({ id: sent.id }).first()).expiry_date.getTime()).toBe(h.now().getTime() + EXPIRY_SECONDS.threeMonths * 1000);
  });

  it('when the draft names an expiry, then it wins over the default', async () => {
    const pro = h.user({ role: 'pro', settings: { transferSettings: { expirySeconds: EXPIRY_SECONDS.year } } });
    const sent = await h.send(pro, { sendAs: 'link', files: [draftFile('a.txt')], expirySeconds: EXPIRY_SECONDS.month });
    expect(await expiryOf(sent.id)).toBe(EXPIRY_SECONDS.month);
  });

  it('when the plan no longer allows the saved default (back on Free), then the transfer gets 1 Week instead of being refused', async () => {
    const free = h.user({ role: 'free', settings: { transferSettings: { expirySeconds: EXPIRY_SECONDS.year } } });
    const sent = await h.send(free, { sendAs: 'link', files: [draftFile('a.txt')] });
    expect(await expiryOf(sent.id)).toBe(EXPIRY_SECONDS.week);
  });

  it('when a requester whose default is 30 days names no expiry, then the request closes in 30 days; null keeps it open', async () => {
    const ada = h.user({ settings: { requestSettings: { expiryDays: 30 } } });
    const dated = await createRequest(h, ada);
    expect((await h.db('file_requests').where({ id: dated.id }).first()).expiry_date.getTime()).toBe(h.now().getTime() + 30 * DAY);

    const open = await h.call(REQUESTS_RPC.create, { caller: ada, body: { title: 'Open', expiryDate: null } });
    expect((await h.db('file_requests').where({ id: open.id }).first()).expiry_date).toBeNull();
  });
});
