import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_CREATED, TRANSFERS_RPC } from '@ferry/contracts';
import { bootTransfers, draft, draftFile, type TransfersHarness } from './support/transfers-harness';

describe('completing a transfer', () => {
  let h: TransfersHarness;
  beforeAll(async () => {
    h = await bootTransfers('complete');
  });
  afterAll(async () => {
    await h?.close();
  });

  async function create(caller = h.user()) {
    const created = await h.call(TRANSFERS_RPC.create, {
      caller,
      draft: draft({ files: [draftFile('report.pdf', 20), draftFile('photo.jpg', 30, 'pics')], emailTo: ['bo@client.example', 'cy@client.example'], password: 'open sesame' }),
      client: {},
    });
    return { caller, created, uploads: created.uploads.map((g) => ({ uploadToken: g.uploadToken })) };
  }

  it('when every file is in storage, then the transfer goes live with its totals, expires a week from now, and evt.transfer.created carries each recipient\'s own link', async () => {
    const { caller, created, uploads } = await create();
    h.storage.upload(created.uploads);
    h.advance(60_000);
    const completed = await h.call(TRANSFERS_RPC.complete, { caller, id: created.id, body: { uploads } });

    expect(completed).toEqual({ slug: created.slug, url: `http://localhost:8080/w/${created.slug}` });
    const row = await h.db('transfers').where({ id: created.id }).first();
    expect(row).toMatchObject({ status: 'live', file_count: 2, first_file_name: 'report.pdf' });
    expect(Number(row.total_size)).toBe(50);
    expect(row.date_sent.getTime()).toBe(h.now().getTime());
    expect(row.expiry_date.getTime()).toBe(h.now().getTime() + 7 * 86_400_000);
    const tokens = await h.db('transfer_recipients').where({ transfer_id: created.id }).orderBy('email').pluck('token');
    const [event] = await h.events(TRANSFER_CREATED, (e) => e.transferId === created.id);
    expect(event).toMatchObject({
      slug: created.slug,
      sendAs: 'email',
      senderId: caller.sub,
      fileCount: 2,
      fileNames: ['report.pdf', 'pics/photo.jpg'],
      totalSize: '50 B',
      hasPassword: true,
      recipients: [
        { email: 'bo@client.example', link: `http://localhost:8080/downloads/${created.slug}/${tokens[0]}` },
        { email: 'cy@client.example', link: `http://localhost:8080/downloads/${created.slug}/${tokens[1]}` },
      ],
    });
  });

  it('when it is completed twice, then both answer the same and the recipients are mailed once', async () => {
    const { caller, created, uploads } = await create();
    h.storage.upload(created.uploads);
    const first = await h.call(TRANSFERS_RPC.complete, { caller, id: created.id, body: { uploads } });
    const second = await h.call(TRANSFERS_RPC.complete, { caller, id: created.id, body: { uploads: [] } });
    expect(second).toEqual(first);
    expect(await h.events(TRANSFER_CREATED, (e) => e.transferId === created.id)).toHaveLength(1);
  });

  it('when a file was not uploaded whole, then 409 TRANSFER_NOT_READY names it and the transfer stays uploading', async () => {
    const { caller, created, uploads } = await create();
    const [report, photo] = created.uploads;
    h.storage.upload(report ? [report] : []);
    h.storage.upload(photo ? [photo] : [], { size: 29 });
    await expect(h.call(TRANSFERS_RPC.complete, { caller, id: created.id, body: { uploads } })).rejects.toMatchObject({
      code: 'TRANSFER_NOT_READY',
      details: { missing: [{ fileId: photo?.fileId, name: 'photo.jpg' }] },
    });
    expect((await h.db('transfers').where({ id: created.id }).first()).status).toBe('uploading');
    expect(await h.events(TRANSFER_CREATED, (e) => e.transferId === created.id)).toHaveLength(0);
  });

  it('when another account or nobody completes an account\'s transfer, then 404 NOT_FOUND', async () => {
    const { created, uploads } = await create();
    h.storage.upload(created.uploads);
    await expect(h.call(TRANSFERS_RPC.complete, { caller: h.user(), id: created.id, body: { uploads } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.call(TRANSFERS_RPC.complete, { caller: null, id: created.id, body: { uploads } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
