import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draftFile, type TransfersHarness } from './support/transfers-harness';

const DAY = 86_400_000;

describe('the public download page', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('public_access');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when anyone opens a live link, then it shows the files, the sender and the dates, and no recipient', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt', 5), draftFile('b.txt', 7, 'docs')], message: 'Hello', senderName: 'Ada' });
    const page = await h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: { ip: '192.0.2.1' } });
    expect(page).toMatchObject({ slug: sent.slug, totalBytes: 12, size: '12 B', message: 'Hello', senderEmail: ada.email, senderName: 'Ada', hasPassword: false, recipient: null });
    expect(page.files.map((f) => [f.path, f.name])).toEqual([
      [null, 'a.txt'],
      ['docs', 'b.txt'],
    ]);
  });

  it('when the link came from a recipient\'s mail, then the page knows the recipient', async () => {
    const sent = await h.send(h.user(), { files: [draftFile('a.txt')], emailTo: ['bo@client.example'] });
    const token = (await h.db('transfer_recipients').where({ transfer_id: sent.id }).first()).token as string;
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, recipient: token, client: {} })).resolves.toMatchObject({ recipient: 'bo@client.example' });
  });

  it('when the transfer has a password, then without it PASSWORD_REQUIRED, a wrong one PASSWORD_INCORRECT, the right one opens it', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')], password: 'open sesame' });
    const access = { slug: sent.slug, client: { ip: '192.0.2.2' } };
    await expect(h.call(TRANSFERS_RPC.publicGet, access)).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED' });
    await expect(h.call(TRANSFERS_RPC.publicGet, { ...access, password: 'guess' })).rejects.toMatchObject({ code: 'PASSWORD_INCORRECT' });
    await expect(h.call(TRANSFERS_RPC.publicDownload, { ...access, body: { all: true } })).rejects.toMatchObject({ code: 'PASSWORD_REQUIRED' });
    await expect(h.call(TRANSFERS_RPC.publicGet, { ...access, password: 'open sesame' })).resolves.toMatchObject({ hasPassword: true });
  });

  it('when the transfer expired, then TRANSFER_EXPIRED, before any password is asked', async () => {
    const sent = await h.send(h.user(), { sendAs: 'link', files: [draftFile('a.txt')], password: 'open sesame' });
    h.advance(7 * DAY + 1);
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).rejects.toMatchObject({ code: 'TRANSFER_EXPIRED' });
    await expect(h.call(TRANSFERS_RPC.publicDownload, { slug: sent.slug, client: {}, body: { all: true } })).rejects.toMatchObject({ code: 'TRANSFER_EXPIRED' });
  });

  it('when the sender disabled the link, then TRANSFER_RESTRICTED, before the expiry and the password', async () => {
    const ada = h.user();
    const sent = await h.send(ada, { sendAs: 'link', files: [draftFile('a.txt')], password: 'open sesame' });
    await h.call(TRANSFERS_RPC.restrict, { caller: ada, slug: sent.slug, restricted: true });
    h.advance(8 * DAY);
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: sent.slug, client: {} })).rejects.toMatchObject({ code: 'TRANSFER_RESTRICTED' });
  });

  it('when the link is unknown or still uploading, then 404 NOT_FOUND', async () => {
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: 'zzzzzzz', client: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const created = await h.call(TRANSFERS_RPC.create, {
      caller: h.user(),
      draft: { sendAs: 'link', files: [{ name: 'a.txt', size: 1, kind: 'file' }], emailTo: [] },
      client: {},
    });
    await expect(h.call(TRANSFERS_RPC.publicGet, { slug: created.slug, client: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
