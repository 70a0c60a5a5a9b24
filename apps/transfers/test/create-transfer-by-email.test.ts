import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_CREATED, TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('a signed-in sender creates a transfer by email', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('create_email');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('when the draft is accepted, then it answers one grant per file under the sender, records the transfer as uploading and mails nobody yet', async () => {
    const ada = h.user({ role: 'pro' });
    const created = await h.call(TRANSFERS_RPC.create, {
      caller: ada,
      draft: draft({ files: [draftFile('report.pdf', 20), draftFile('photo.jpg', 30, 'holiday')], emailTo: ['bo@client.example'], message: 'For you' }),
      client: {},
    });

    expect(created).toMatchObject({ status: 'uploading', url: `http://localhost:8080/w/${created.slug}`, dropped: [] });
    expect(created.uploads.map((g) => [g.name, g.size])).toEqual([
      ['report.pdf', 20],
      ['photo.jpg', 30],
    ]);
    expect(created.uploads.every((g) => h.storage.objects.get(g.fileId)?.owner.type === 'userUpload')).toBe(true);
    const [row] = await h.db('transfers').where({ id: created.id });
    expect(row).toMatchObject({ status: 'uploading', sender_id: ada.sub, owner_id: ada.sub, send_as: 'email', sender_email: ada.email, message: 'For you' });
    const files = await h.db('transfer_files').where({ transfer_id: created.id }).orderBy('position');
    expect(files.map((f) => [f.name, f.path, f.status])).toEqual([
      ['report.pdf', null, 'uploading'],
      ['photo.jpg', 'holiday', 'uploading'],
    ]);
    expect(await h.events(TRANSFER_CREATED, (e) => e.transferId === created.id)).toEqual([]);
  });

  it('when recipients repeat in other cases, then each address is kept once, lower-cased, and becomes one of the sender\'s contacts', async () => {
    const ada = h.user({ role: 'pro' });
    const created = await h.call(TRANSFERS_RPC.create, {
      caller: ada,
      draft: draft({ files: [draftFile('a.txt')], emailTo: [{ email: 'Bo@Client.example', name: 'Bo' }, 'bo@client.example', 'cy@client.example'] }),
      client: {},
    });

    expect(created.contacts.map((c) => c.email)).toEqual(['bo@client.example', 'cy@client.example']);
    const recipients = await h.db('transfer_recipients').where({ transfer_id: created.id }).orderBy('email');
    expect(recipients.map((r) => [r.email, r.name])).toEqual([
      ['bo@client.example', 'Bo'],
      ['cy@client.example', null],
    ]);
    const contacts = await h.db('contacts').where({ owner_id: ada.sub }).orderBy('email_lower');
    expect(contacts.map((c) => [c.email, c.name])).toEqual([
      ['bo@client.example', 'Bo'],
      ['cy@client.example', null],
    ]);
  });

  it('when an email send names nobody, then 400 VALIDATION_FAILED on emailTo and nothing is written', async () => {
    const ada = h.user();
    await expect(h.call(TRANSFERS_RPC.create, { caller: ada, draft: draft({ files: [draftFile('a.txt')], emailTo: [] }), client: {} })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'emailTo' },
    });
    expect(await h.db('transfers').where({ sender_id: ada.sub })).toHaveLength(0);
  });

  it('when the draft has no files, then 400 VALIDATION_FAILED on files', async () => {
    await expect(h.call(TRANSFERS_RPC.create, { caller: h.user(), draft: draft({ files: [], emailTo: ['bo@client.example'] }), client: {} })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'files' },
    });
  });

  it('when a team member sends, then the uploads go under the admin\'s root and the transfer belongs to the admin\'s dashboard', async () => {
    const admin = h.user({ role: 'business' });
    const member = h.user({ role: 'business', admin });
    const created = await h.call(TRANSFERS_RPC.create, { caller: member, draft: draft({ files: [draftFile('a.txt')], sendAs: 'link' }), client: {} });

    expect(h.storage.objects.get(created.uploads[0]?.fileId ?? '')?.owner).toEqual({ type: 'teamUpload', adminId: admin.sub, memberId: member.sub });
    expect(await h.db('transfers').where({ id: created.id }).first()).toMatchObject({ sender_id: member.sub, owner_id: admin.sub });
  });
});
