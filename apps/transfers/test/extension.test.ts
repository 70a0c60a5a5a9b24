import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_EXTENDED, TRANSFER_EXTENSION_OFFERED, TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('extending an expired transfer', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('extension');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when a recipient asks for more time on an expired link, then the sender is offered an extension once an hour', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')] });
    h.advance(7 * DAY + 1);
    await h.call(TRANSFERS_RPC.requestExtension, { slug: sent.slug, email: 'bo@client.example', client: {} });
    await h.call(TRANSFERS_RPC.requestExtension, { slug: sent.slug, client: {} });
    const offers = await h.events(TRANSFER_EXTENSION_OFFERED, (e) => e.transferId === sent.id);
    expect(offers).toEqual([expect.objectContaining({ reason: 'requested', requestedBy: 'bo@client.example', fileName: 'a.txt' })]);

    h.advance(HOUR);
    await h.call(TRANSFERS_RPC.requestExtension, { slug: sent.slug, client: {} });
    expect(await h.events(TRANSFER_EXTENSION_OFFERED, (e) => e.transferId === sent.id)).toHaveLength(2);
  });

  it('when the transfer has not expired, then asking is refused with VALIDATION_FAILED', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')] });
    await expect(h.call(TRANSFERS_RPC.requestExtension, { slug: sent.slug, client: {} })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('when the sender uses the extension link, then 48 hours are added from now, the recipients are told, and the link works once', async () => {
    const sent = await h.send(h.user(), { files: [draftFile('a.txt')], emailTo: ['bo@client.example'] });
    h.advance(8 * DAY);
    await h.call(TRANSFERS_RPC.requestExtension, { slug: sent.slug, client: {} });
    const [offer] = await h.events(TRANSFER_EXTENSION_OFFERED, (e) => e.transferId === sent.id);
    const token = offer?.extensionToken ?? '';

    const { expiryDate } = await h.call(TRANSFERS_RPC.extend, { token });
    expect(expiryDate).toBe(h.now().getTime() + 48 * HOUR);
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).resolves.toMatchObject({ expiryDate });
    expect(await h.events(TRANSFER_EXTENDED, (e) => e.transferId === sent.id)).toEqual([
      expect.objectContaining({ expiryDate: new Date(expiryDate).toISOString(), recipients: [expect.objectContaining({ email: 'bo@client.example' })] }),
    ]);
    await expect(h.call(TRANSFERS_RPC.extend, { token })).rejects.toMatchObject({ code: 'LINK_EXPIRED' });
    await expect(h.call(TRANSFERS_RPC.extend, { token: 'not-a-token' })).rejects.toMatchObject({ code: 'LINK_EXPIRED' });
  });
});
