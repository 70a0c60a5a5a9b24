import { randomUUID } from 'node:crypto';
import { waitFor, type SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningFerry } from '../src/all-in-one';
import { gatewayClient, signUpThroughGateway, uploadGrants, type ErrorBody, type GatewayClient, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

interface RequestFile {
  id: string;
  name: string;
  path: string | null;
  size: number;
  uploaderEmail: string | null;
  uploadedAt: number;
}
interface Analytics {
  days: number;
  from: string;
  to: string;
  totalDownloads: number;
  downloadsPerDay: Array<{ date: string; count: number }>;
  downloadsByCountry: Array<{ code: string; name: string; count: number }>;
  topTransfers: Array<{ slug: string; fileName: string; downloads: number }>;
  unseen: number;
  expiring: number;
  storage: { usedBytes: number; limitBytes: number; state: string };
}

const GB = 1024 ** 3;

/**
 * File requests, contacts and analytics through the gateway, every service in one process on a
 * real Postgres and a real SMTP server: someone uploads into a user's request -> the requester
 * is told and downloads; email sends fill the contacts; downloads show up in the analytics.
 */
describe('file requests, contacts and analytics through the gateway', () => {
  let running: TestFerry;
  let ferry: RunningFerry;
  let api: string;
  let inbox: SmtpInbox;
  let db: Knex;

  beforeAll(async () => {
    running = await startTestFerry('requests');
    ({ ferry, api, inbox, db } = running);
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  const client = (bearer?: string) => gatewayClient(api, bearer);
  const codeOf = (answer: { body: unknown }) => (answer.body as ErrorBody).error.code;

  async function signUp(email: string, fullName: string): Promise<{ token: string; id: string }> {
    const { accessToken, user } = await signUpThroughGateway(api, inbox, { email, plan: 'PRM', fullName });
    return { token: accessToken, id: user.id };
  }

  /** A signed-in send; it is live when this returns. */
  async function send(as: GatewayClient, draft: Record<string, unknown>, contents: Record<string, string>): Promise<{ slug: string; fileIds: string[] }> {
    const res = await as.call('POST', '/transfers', draft);
    expect(res.status).toBe(201);
    const created = res.body as { id: string; slug: string; uploads: Grant[] };
    await uploadGrants(created.uploads, contents);
    expect((await as.call('POST', `/transfers/${created.id}/complete`, { uploads: created.uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);
    return { slug: created.slug, fileIds: created.uploads.map((u) => u.fileId) };
  }

  const invoice = 'Invoice 4471\n'.repeat(300);
  const packingList = Buffer.alloc(40_000, 3);
  let alice: GatewayClient;
  let aliceId: string;
  let mallory: GatewayClient;
  let request: { id: string; slug: string; url: string };

  it('when a signed-in user creates a request, then anyone with the link sees who asks and what for, and bad drafts get a 400', async () => {
    const signedUp = await signUp('alice@acme.example', 'Alice Chen');
    alice = client(signedUp.token);
    aliceId = signedUp.id;
    mallory = client((await signUp('mallory@other.example', 'Mallory Vance')).token);

    expect((await client().call('POST', '/requests', { title: 'Docs' })).status).toBe(401);
    for (const bad of [{ title: '' }, { title: 'x'.repeat(121) }, { title: 'Docs', message: 'm'.repeat(281) }, { title: 'Docs', expiryDate: Date.now() + 60_000 }]) {
      const answer = await alice.call('POST', '/requests', bad);
      expect([bad, answer.status, codeOf(answer)]).toEqual([bad, 400, 'VALIDATION_FAILED']);
    }

    const res = await alice.call('POST', '/requests', { title: 'Shipping documents for PO 4471', message: 'Please upload the invoice and the packing list' });
    expect(res.status).toBe(201);
    request = res.body as typeof request;
    expect(request.slug).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(request.url).toBe(`${ferry.url}/r/${request.slug}`);

    const page = await client().call('GET', `/public/requests/${request.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      slug: request.slug,
      title: 'Shipping documents for PO 4471',
      message: 'Please upload the invoice and the packing list',
      requesterName: 'Alice Chen',
      requesterEmail: 'alice@acme.example',
      expiryDate: null,
      branding: { logoUrl: null, accentColor: null, backgroundUrl: null, poweredBy: true },
    });
    expect(codeOf(await client().call('GET', '/public/requests/zzzzzzz'))).toBe('NOT_FOUND');
  });

  it('when an anonymous uploader sends 2 files and an .exe, then the .exe is dropped, and the files arrive only once all are in storage', async () => {
    const uploader = client();
    const res = await uploader.call('POST', `/public/requests/${request.slug}/uploads`, {
      email: 'Li@Supplier.example',
      files: [
        { name: 'invoice.pdf', size: invoice.length },
        { name: 'packing-list.xlsx', size: packingList.length, path: 'PO 4471' },
        { name: 'setup.exe', size: 10 },
      ],
    });
    expect(res.status).toBe(201);
    const started = res.body as { uploadId: string; uploads: Grant[]; dropped: Array<{ name: string; title: string }> };
    expect(started.uploads.map((u) => u.name)).toEqual(['invoice.pdf', 'packing-list.xlsx']);
    expect(started.dropped.map((d) => [d.name, d.title])).toEqual([['setup.exe', 'Insecure file type']]);

    const completePath = `/public/requests/${request.slug}/uploads/${started.uploadId}/complete`;
    await uploadGrants(started.uploads.slice(0, 1), { 'invoice.pdf': invoice });
    const early = await uploader.call('POST', completePath, { uploads: [{ uploadToken: started.uploads[0]!.uploadToken }] });
    expect([early.status, codeOf(early)]).toEqual([409, 'TRANSFER_NOT_READY']);
    expect(((await alice.call('GET', `/requests/${request.slug}`)).body as { files: unknown[] }).files).toHaveLength(0);

    await uploadGrants(started.uploads.slice(1), { 'packing-list.xlsx': packingList });
    const done = await uploader.call('POST', completePath, { uploads: started.uploads.slice(1).map((u) => ({ uploadToken: u.uploadToken })) });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ slug: request.slug, fileCount: 2 });
    // Completing again answers the same and tells the requester nothing new.
    expect((await uploader.call('POST', completePath, { uploads: [] })).body).toEqual({ slug: request.slug, fileCount: 2 });
    expect((await uploader.call('POST', `/public/requests/${request.slug}/uploads/${randomUUID()}/complete`, { uploads: [] })).status).toBe(404);
    expect(await db('transfers.outbox').where({ subject: 'evt.request.uploaded' }).count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('when the files arrived, then the requester sees them, downloads one with the same bytes and the ZIP, and is told in the feed and by mail', async () => {
    const list = await alice.call('GET', '/requests');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, items: [{ slug: request.slug, fileCount: 2, totalBytes: invoice.length + packingList.length, state: 'active' }] });

    const detail = await alice.call('GET', `/requests/${request.slug}`);
    expect(detail.status).toBe(200);
    const { files } = detail.body as { files: RequestFile[] };
    expect(files.map((f) => [f.path, f.name, f.size, f.uploaderEmail])).toEqual([
      [null, 'invoice.pdf', invoice.length, 'li@supplier.example'],
      ['PO 4471', 'packing-list.xlsx', packingList.length, 'li@supplier.example'],
    ]);
    expect(Math.abs(files[0]!.uploadedAt - Date.now())).toBeLessThan(60_000);

    const one = await alice.call('POST', `/requests/${request.slug}/downloads`, { fileId: files[1]!.id });
    expect(one.status).toBe(200);
    const got = await fetch((one.body as { url: string }).url);
    expect(got.headers.get('content-disposition')).toContain('packing-list.xlsx');
    expect(Buffer.from(await got.arrayBuffer()).equals(packingList)).toBe(true);

    const zip = await alice.call('POST', `/requests/${request.slug}/downloads`, { all: true });
    const archive = Buffer.from(await (await fetch((zip.body as { url: string }).url)).arrayBuffer());
    expect(archive.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(archive.includes(Buffer.from('PO 4471/packing-list.xlsx'))).toBe(true);
    expect(archive.includes(Buffer.from(invoice))).toBe(true);
    expect(archive.includes(packingList)).toBe(true);

    const feed = await waitFor('the request notification', async () => {
      const { items } = (await alice.call('GET', '/notifications')).body as { items: Array<{ slug: string; dlOrigin: string; fileName: string; receiverEmail: string | null }> };
      return items.length > 0 ? items : undefined;
    });
    expect(feed).toEqual([expect.objectContaining({ slug: request.slug, dlOrigin: 'request', fileName: 'invoice.pdf (+1)', receiverEmail: 'li@supplier.example' })]);
    const [, told] = await inbox.waitForMailsTo('alice@acme.example', 2);
    expect(told!.subject).toContain('to your request');
  });

  it('when another account tries the request, then every verb answers 404 and its list is empty', async () => {
    expect((await mallory.call('GET', '/requests')).body).toEqual({ items: [], total: 0 });
    const fileId = ((await alice.call('GET', `/requests/${request.slug}`)).body as { files: RequestFile[] }).files[0]!.id;
    for (const [method, path, body] of [
      ['GET', `/requests/${request.slug}`, undefined],
      ['DELETE', `/requests/${request.slug}`, undefined],
      ['POST', `/requests/${request.slug}/downloads`, { fileId }],
      ['POST', `/requests/${request.slug}/downloads`, { all: true }],
    ] as const) {
      const answer = await mallory.call(method, path, body);
      expect([method, path, answer.status, codeOf(answer)]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    expect((await alice.call('GET', `/requests/${request.slug}`)).status).toBe(200);
  });

  it('when a request has expired, then uploaders get 410 LINK_EXPIRED; once deleted, everyone gets 404', async () => {
    const res = await alice.call('POST', '/requests', { title: 'Customs forms', expiryDate: Date.now() + 2 * 3600_000 });
    expect(res.status).toBe(201);
    const { slug } = res.body as { slug: string };
    expect(((await client().call('GET', `/public/requests/${slug}`)).body as { expiryDate: number }).expiryDate).toBeGreaterThan(Date.now());

    await db('transfers.file_requests').where({ slug }).update({ expiry_date: new Date(Date.now() - 60_000) });
    const page = await client().call('GET', `/public/requests/${slug}`);
    expect([page.status, codeOf(page)]).toEqual([410, 'LINK_EXPIRED']);
    const late = await client().call('POST', `/public/requests/${slug}/uploads`, { files: [{ name: 'form.pdf', size: 3 }] });
    expect([late.status, codeOf(late)]).toEqual([410, 'LINK_EXPIRED']);
    expect((await alice.call('GET', `/requests/${slug}`)).body).toMatchObject({ slug, state: 'expired', files: [] });

    expect((await alice.call('DELETE', `/requests/${slug}`)).status).toBe(204);
    expect((await client().call('GET', `/public/requests/${slug}`)).status).toBe(404);
    expect((await alice.call('GET', `/requests/${slug}`)).status).toBe(404);
    expect(((await alice.call('GET', '/requests')).body as { total: number }).total).toBe(1);
  });

  let downloaded: string;
  let quiet: { slug: string; fileIds: string[] };

  it('when a signed-in user sends by email, then the recipients become contacts: one per address, with name and company, sorted and searchable', async () => {
    downloaded = (
      await send(
        alice,
        {
          sendAs: 'email',
          files: [{ name: 'contract.pdf', size: 8 }],
          emailTo: [{ email: 'hans@frankfurt.example', name: 'Hans Weber', company: 'Weber Logistik' }, 'Amira@Dubai.example', 'amira@dubai.example'],
        },
        { 'contract.pdf': 'contract' },
      )
    ).slug;
    quiet = await send(
      alice,
      { sendAs: 'email', files: [{ name: 'quote.pdf', size: 5 }], emailTo: [{ email: 'AMIRA@dubai.example', name: 'Amira Haddad', company: 'Gulf Trading' }, 'zoe@shanghai.example'] },
      { 'quote.pdf': 'quote' },
    );

    const all = await alice.call('GET', '/contacts');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      total: 3,
      items: [
        { email: 'amira@dubai.example', name: 'Amira Haddad', company: 'Gulf Trading', lastSent: expect.any(Number) },
        { email: 'hans@frankfurt.example', name: 'Hans Weber', company: 'Weber Logistik', lastSent: expect.any(Number) },
        { email: 'zoe@shanghai.example', name: null, company: null, lastSent: expect.any(Number) },
      ],
    });
    const emailsFor = async (query: string) => {
      const { items, total } = (await alice.call('GET', `/contacts?${query}`)).body as { items: Array<{ email: string }>; total: number };
      return [items.map((c) => c.email), total];
    };
    expect(await emailsFor('search=weber')).toEqual([['hans@frankfurt.example'], 1]);
    expect(await emailsFor('search=GULF')).toEqual([['amira@dubai.example'], 1]);
    expect(await emailsFor('search=Shanghai')).toEqual([['zoe@shanghai.example'], 1]);
    expect(await emailsFor('search=%25')).toEqual([[], 0]);
    expect(await emailsFor('skip=1&limit=1')).toEqual([['hans@frankfurt.example'], 3]);
    expect((await alice.call('GET', '/contacts?limit=0')).status).toBe(400);
    expect((await mallory.call('GET', '/contacts')).body).toEqual({ items: [], total: 0 });
  });

  it('when a transfer is downloaded from Dubai, then analytics shows the day, the country and the top transfer; unseen, expiring and storage follow', async () => {
    const page = (await client().call('GET', `/public/transfers/${downloaded}`)).body as { files: Array<{ id: string }> };
    for (let i = 0; i < 2; i += 1) {
      const dl = await client().call('POST', `/public/transfers/${downloaded}/downloads`, { fileId: page.files[0]!.id }, { 'x-forwarded-for': '94.200.0.1' });
      expect(dl.status).toBe(200);
    }
    await db('transfers.transfers').where({ slug: quiet.slug }).update({ expiry_date: new Date(Date.now() + 24 * 3600_000) });

    const res = await alice.call('GET', '/analytics?days=30');
    expect(res.status).toBe(200);
    const analytics = res.body as Analytics;
    const today = new Date().toISOString().slice(0, 10);
    expect(analytics).toMatchObject({
      days: 30,
      to: today,
      totalDownloads: 2,
      downloadsByCountry: [{ code: 'AE', name: 'United Arab Emirates', count: 2 }],
      topTransfers: [{ slug: downloaded, fileName: 'contract.pdf', downloads: 2 }],
      unseen: 1,
      expiring: 1,
    });
    expect(analytics.downloadsPerDay).toHaveLength(30);
    expect(analytics.downloadsPerDay[0]!.date).toBe(analytics.from);
    expect(analytics.downloadsPerDay.at(-1)).toEqual({ date: today, count: 2 });
    expect(analytics.downloadsPerDay.slice(0, -1).every((d) => d.count === 0)).toBe(true);
    // The request's files count for the requester, beside what they sent.
    expect(analytics.storage).toEqual({
      usedBytes: invoice.length + packingList.length + 8 + 5,
      limitBytes: 200 * GB,
      used: expect.any(String),
      limit: '200 GB',
      state: 'ok',
    });
    expect(((await alice.call('GET', '/analytics?days=7')).body as Analytics).downloadsPerDay).toHaveLength(7);
    expect((await alice.call('GET', '/analytics?days=0')).status).toBe(400);
    expect((await mallory.call('GET', '/analytics')).body).toMatchObject({ days: 30, totalDownloads: 0, downloadsByCountry: [], topTransfers: [], storage: { usedBytes: 0 } });

    // The storage state follows the plan's allowance: almost full from 90%, full at 100%.
    const stateAt = async (bytes: number) => {
      await db('storage.objects').where({ file_id: quiet.fileIds[0] }).update({ size: bytes });
      return ((await alice.call('GET', '/analytics')).body as Analytics).storage;
    };
    expect(await stateAt(180 * GB)).toMatchObject({ state: 'almostFull' });
    expect(await stateAt(200 * GB)).toMatchObject({ state: 'full' });
    await db('storage.objects').where({ file_id: quiet.fileIds[0] }).update({ size: 5 });
  });

  it('when the requester deletes a request with files, then its link and signed URLs stop and its storage is freed', async () => {
    const { files } = (await alice.call('GET', `/requests/${request.slug}`)).body as { files: RequestFile[] };
    const signed = ((await alice.call('POST', `/requests/${request.slug}/downloads`, { fileId: files[0]!.id })).body as { url: string }).url;
    expect((await alice.call('DELETE', `/requests/${request.slug}`)).status).toBe(204);
    expect((await client().call('GET', `/public/requests/${request.slug}`)).status).toBe(404);
    expect((await fetch(signed)).status).toBe(404);
    expect(((await alice.call('GET', '/analytics')).body as Analytics).storage.usedBytes).toBe(8 + 5);
    expect(await db('storage.objects').where({ usage_owner_id: aliceId, status: 'complete' }).count<{ n: string }[]>({ n: '*' })).toEqual([{ n: '2' }]);
  });
});
