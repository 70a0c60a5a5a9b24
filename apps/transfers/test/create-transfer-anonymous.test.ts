import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('an anonymous sender', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('create_anon');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when they ask for a link, then LINK_PREMIUM_ONLY with the trial offered', async () => {
    await expect(h.call(TRANSFERS_RPC.create, { caller: null, draft: draft({ sendAs: 'link', files: [draftFile('a.txt')] }), client: {} })).rejects.toMatchObject({
      code: 'LINK_PREMIUM_ONLY',
      details: { action: { kind: 'startTrial' } },
    });
  });

  it('when their email was not verified by this browser, then EMAIL_NOT_VERIFIED, also with a ticket for another address', async () => {
    const email = { files: [draftFile('a.txt')], emailTo: ['bo@client.example'], senderEmail: 'anon@home.example' };
    await expect(h.call(TRANSFERS_RPC.create, { caller: null, draft: draft(email), client: {} })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const otherTicket = h.verificationTicket('someone@else.example');
    await expect(h.call(TRANSFERS_RPC.create, { caller: null, draft: draft(email), client: { verificationTicket: otherTicket } })).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('when they verified their email, then the uploads are granted under the slug and the transfer has no owner', async () => {
    const ticket = h.verificationTicket('anon@home.example');
    const created = await h.call(TRANSFERS_RPC.create, {
      caller: null,
      draft: draft({ files: [draftFile('a.txt')], emailTo: ['bo@client.example'], senderEmail: 'Anon@Home.example' }),
      client: { verificationTicket: ticket },
    });
    expect(h.storage.objects.get(created.uploads[0]?.fileId ?? '')?.owner).toEqual({ type: 'anonUpload', slug: created.slug });
    expect(created.contacts).toEqual([]);
    expect(await h.db('transfers').where({ id: created.id }).first()).toMatchObject({ owner_id: null, sender_id: null, sender_email: 'anon@home.example' });
  });

  it('when they send html, exe or release-style videos, then those are dropped with the product\'s title and the rest is sent', async () => {
    const ticket = h.verificationTicket('anon@home.example');
    const created = await h.call(TRANSFERS_RPC.create, {
      caller: null,
      draft: draft({
        files: [draftFile('index.html'), draftFile('setup.exe'), draftFile('Movie.2024.1080p.WEBRip.mp4'), draftFile('notes.txt')],
        emailTo: ['bo@client.example'],
        senderEmail: 'anon@home.example',
      }),
      client: { verificationTicket: ticket },
    });
    expect(created.uploads.map((g) => g.name)).toEqual(['notes.txt']);
    expect(created.dropped.map((d) => [d.name, d.reason, d.title])).toEqual([
      ['index.html', 'insecureType', 'Insecure file type'],
      ['setup.exe', 'insecureType', 'Insecure file type'],
      ['Movie.2024.1080p.WEBRip.mp4', 'copyright', 'File removed'],
    ]);
  });

  it('when every file is dropped, then NO_FILES_LEFT lists them', async () => {
    await expect(
      h.call(TRANSFERS_RPC.create, { caller: null, draft: draft({ files: [draftFile('index.html')], emailTo: ['bo@client.example'], senderEmail: 'anon@home.example' }), client: {} }),
    ).rejects.toMatchObject({ code: 'NO_FILES_LEFT', details: { dropped: [{ name: 'index.html', reason: 'insecureType' }] } });
  });

  it('when they try to share with a team, then 400 VALIDATION_FAILED on shareWith', async () => {
    const ticket = h.verificationTicket('anon@home.example');
    await expect(
      h.call(TRANSFERS_RPC.create, {
        caller: null,
        draft: draft({ files: [draftFile('a.txt')], emailTo: ['bo@client.example'], senderEmail: 'anon@home.example', shareWith: ['someone'] }),
        client: { verificationTicket: ticket },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'shareWith' } });
  });
});
