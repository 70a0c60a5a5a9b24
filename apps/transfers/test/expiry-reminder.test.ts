import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_EXPIRY_REMINDER_DUE, TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;

describe('the reminder a day before expiry', () => {
  let h: TransfersHarness;
  const remindersOf = (transferId: string) => h.events(TRANSFER_EXPIRY_REMINDER_DUE, (e) => e.transferId === transferId);
  const tokensOf = async (transferId: string) =>
    Object.fromEntries((await h.db('transfer_recipients').where({ transfer_id: transferId })).map((r: { email: string; token: string }) => [r.email, r.token]));
  beforeAll(async () => {
    h = await bootTransfers('expiry_reminder');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the sender asked for reminders, then a day before expiry the recipients who have not downloaded are reminded, once', async () => {
    const brand = { logoUrl: '/api/v1/public/pictures/6b1f9c1e-0d7e-4c53-9d0e-1f2a3b4c5d6e', accentColor: '#aa3300', backgroundUrl: null, poweredBy: false };
    const ada = h.user({ settings: { transferSettings: { remindRecipients: true } }, branding: brand });
    const sent = await h.send(ada, { files: [draftFile('plans.pdf')], emailTo: ['bo@client.example', 'cy@client.example'], lang: 'zh' });
    const tokens = await tokensOf(sent.id);
    await h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, recipient: tokens['bo@client.example'], client: { ip: '192.0.2.9' }, body: { all: true } });

    h.advance(6 * DAY - 60_000);
    await h.running.sweep();
    expect(await remindersOf(sent.id)).toEqual([]);

    h.advance(2 * 60_000);
    expect((await h.running.sweep()).reminded).toBe(1);
    await h.running.sweep();
    h.advance(12 * 3_600_000);
    await h.running.sweep();

    const reminders = await remindersOf(sent.id);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ slug: sent.slug, lang: 'zh', fileNames: ['plans.pdf'], senderEmail: ada.email });
    expect(reminders[0]?.recipients).toEqual([{ email: 'cy@client.example', name: null, link: expect.stringContaining(`/downloads/${sent.slug}/${tokens['cy@client.example']}`) }]);
    // The mail to recipients carries the company's brand, its pictures with the origin.
    expect(reminders[0]?.branding).toEqual({ ...brand, logoUrl: expect.stringMatching(/^https?:\/\/[^/]+\/api\/v1\/public\/pictures\//) });
  });

  it('when the sender has reminders off (the default), then no reminder goes out and the transfer is not looked at again', async () => {
    const sent = await h.send(h.user(), { files: [draftFile('a.pdf')], emailTo: ['bo@client.example'] });
    h.advance(6 * DAY + 60_000);
    expect((await h.running.sweep()).reminded).toBe(0);
    expect(await remindersOf(sent.id)).toEqual([]);
    expect(await h.db('expiry_reminders').where({ transfer_id: sent.id }).first()).toMatchObject({ is_sent: false });
  });

  it('when every recipient downloaded, or the transfer is a link, then nobody is reminded', async () => {
    const ada = h.user({ settings: { transferSettings: { remindRecipients: true } } });
    const mailed = await h.send(ada, { files: [draftFile('a.pdf')], emailTo: ['bo@client.example'] });
    const tokens = await tokensOf(mailed.id);
    await h.call(TRANSFERS_RPC.publicDownload, { slug: mailed.slug, recipient: tokens['bo@client.example'], client: {}, body: { all: true } });
    const link = await h.send(ada, { sendAs: 'link', files: [draftFile('b.pdf')] });
    h.advance(6 * DAY + 60_000);
    await h.running.sweep();
    expect(await remindersOf(mailed.id)).toEqual([]);
    expect(await remindersOf(link.id)).toEqual([]);
  });

  it('when a transfer was sent less than a day before its expiry (a near custom date), then it is not reminded', async () => {
    const ada = h.user({ settings: { transferSettings: { remindRecipients: true } } });
    const sent = await h.send(ada, { files: [draftFile('a.pdf')], emailTo: ['bo@client.example'], expiryDate: h.now().getTime() + 12 * 3_600_000 });
    h.advance(3_600_000);
    await h.running.sweep();
    expect(await remindersOf(sent.id)).toEqual([]);
  });
});
