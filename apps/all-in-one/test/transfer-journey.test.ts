import { waitFor, type SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningFerry } from '../src/all-in-one';
import { gatewayClient, mailedCode, signUpThroughGateway, uploadGrants, type ErrorBody, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

interface Created {
  id: string;
  slug: string;
  url: string;
  uploads: Grant[];
  dropped: Array<{ name: string; reason: string; title: string }>;
}

/**
 * The core journey through the gateway, every service in one process on a real Postgres and a
 * real SMTP server: send -> recipients mailed -> download -> the sender learns where and when.
 */
describe('transfers through the gateway', () => {
  let test: TestFerry;
  let ferry: RunningFerry;
  let api: string;
  let inbox: SmtpInbox;
  let transfersDb: Knex;

  beforeAll(async () => {
    // A small allowance of unknown-slug lookups, so the test can reach it; each download mailed at once.
    test = await startTestFerry('journey', { SLUG_MISSES_PER_10_MIN: '5', DOWNLOAD_MAIL_WINDOW_SECONDS: '0' });
    ({ ferry, api, inbox } = test);
    transfersDb = test.schema('transfers');
  }, 120_000);
  afterAll(async () => {
    await test?.stop();
  });

  const client = (bearer?: string) => gatewayClient(api, bearer);
  const codeFor = (email: string, count: number) => mailedCode(inbox, email, count);
  const upload = uploadGrants;
  const signUp = async (email: string, plan: string) => (await signUpThroughGateway(api, inbox, { email, plan })).accessToken;

  const report = 'Quarterly report\n'.repeat(200);
  const drawing = Buffer.alloc(60_000, 7);
  let anonymous: { slug: string; recipientLink: string };

  it('an anonymous sender verifies their email, sends 2 files by email to 2 recipients, and both are mailed their own link', async () => {
    const sender = client();
    const senderEmail = 'ling@trading.example';
    const draft = {
      sendAs: 'email',
      files: [
        { name: 'report.txt', size: report.length },
        { name: 'drawing.dwg', size: drawing.length, path: 'plans/2026' },
        { name: 'setup.exe', size: 10 },
        { name: 'report.txt', size: report.length },
      ],
      emailTo: ['Amira@Dubai.example', 'amira@dubai.example', 'hans@frankfurt.example'],
      senderEmail,
      message: 'The plans we discussed',
    };
    const unverified = await sender.call('POST', '/transfers', draft);
    expect(unverified.status).toBe(403);
    expect((unverified.body as ErrorBody).error.code).toBe('EMAIL_NOT_VERIFIED');

    expect((await sender.call('POST', '/auth/email-codes', { email: senderEmail, purpose: 'send' })).status).toBe(202);
    const code = await codeFor(senderEmail, 1);
    expect((await sender.call('POST', '/auth/email-codes/verify', { email: senderEmail, code, purpose: 'send' })).status).toBe(200);

    const linkMode = await sender.call('POST', '/transfers', { ...draft, sendAs: 'link' });
    expect(linkMode.status).toBe(403);
    expect(linkMode.body).toMatchObject({ error: { code: 'LINK_PREMIUM_ONLY', message: 'Hey, right now links are reserved for premium accounts.' } });
    const longer = await sender.call('POST', '/transfers', { ...draft, expirySeconds: 2_629_746 });
    expect((longer.body as ErrorBody).error.code).toBe('EXPIRY_NOT_ALLOWED');

    const res = await sender.call('POST', '/transfers', draft);
    expect(res.status).toBe(201);
    const created = res.body as Created;
    expect(created.slug).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(created.url).toBe(`${ferry.url}/w/${created.slug}`);
    expect(created.uploads.map((u) => u.name)).toEqual(['report.txt', 'drawing.dwg']);
    expect(created.dropped.map((d) => [d.name, d.title])).toEqual([
      ['setup.exe', 'Insecure file type'],
      ['report.txt', 'Duplicate file'],
    ]);

    // Not live before every file has arrived.
    await upload(created.uploads.slice(0, 1), { 'report.txt': report });
    const early = await sender.call('POST', `/transfers/${created.id}/complete`, { uploads: [{ uploadToken: created.uploads[0]!.uploadToken }] });
    expect(early.status).toBe(409);
    expect((early.body as ErrorBody).error.code).toBe('TRANSFER_NOT_READY');
    expect((await client().call('GET', `/public/transfers/${created.slug}`)).status).toBe(404);

    await upload(created.uploads.slice(1), { 'drawing.dwg': drawing });
    const done = await sender.call('POST', `/transfers/${created.id}/complete`, { uploads: created.uploads.map((u) => ({ uploadToken: u.uploadToken })) });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ slug: created.slug, url: created.url });

    const [toAmira] = await inbox.waitForMailsTo('amira@dubai.example', 1);
    const [toHans] = await inbox.waitForMailsTo('hans@frankfurt.example', 1);
    expect(toAmira!.subject).toBe('ling@trading.example sent you 2 files via Ferry');
    expect(toAmira!.text).toContain('The plans we discussed');
    const amiraLink = new RegExp(`${ferry.url}/downloads/${created.slug}/([A-Za-z0-9]{12})`).exec(toAmira!.text ?? '');
    const hansLink = new RegExp(`${ferry.url}/downloads/${created.slug}/([A-Za-z0-9]{12})`).exec(toHans!.text ?? '');
    expect(amiraLink?.[1]).toBeDefined();
    expect(hansLink?.[1]).not.toBe(amiraLink?.[1]);
    expect(inbox.mailsTo('amira@dubai.example')).toHaveLength(1);
    anonymous = { slug: created.slug, recipientLink: amiraLink![1]! };
  });

  it('a recipient downloads one file and the ZIP with the same bytes; the download is attributed and placed', async () => {
    const recipient = client();
    const page = await recipient.call('GET', `/public/transfers/${anonymous.slug}?recipient=${anonymous.recipientLink}`);
    expect(page.status).toBe(200);
    const data = page.body as { files: Array<{ id: string; name: string; path: string | null; size: number }>; message: string; recipient: string; size: string };
    expect(data.files.map((f) => [f.path, f.name, f.size])).toEqual([
      [null, 'report.txt', report.length],
      ['plans/2026', 'drawing.dwg', drawing.length],
    ]);
    expect(data.message).toBe('The plans we discussed');
    expect(data.recipient).toBe('amira@dubai.example');

    const one = await recipient.call('POST', `/public/transfers/${anonymous.slug}/downloads`, { fileId: data.files[1]!.id, recipient: anonymous.recipientLink }, { 'x-forwarded-for': '94.200.0.1' });
    expect(one.status).toBe(200);
    const got = await fetch((one.body as { url: string }).url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain('drawing.dwg');
    expect(Buffer.from(await got.arrayBuffer()).equals(drawing)).toBe(true);

    const zip = await recipient.call('POST', `/public/transfers/${anonymous.slug}/downloads`, { all: true });
    const archive = Buffer.from(await (await fetch((zip.body as { url: string }).url)).arrayBuffer());
    expect(archive.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(archive.includes(Buffer.from('plans/2026/drawing.dwg'))).toBe(true);
    expect(archive.includes(Buffer.from(report))).toBe(true);
    expect(archive.includes(drawing)).toBe(true);

    // The anonymous sender has no dashboard, but is told by mail who downloaded and from where.
    await inbox.waitForMailsTo('ling@trading.example', 2);
    expect(inbox.mailsTo('ling@trading.example').map((m) => m.subject)).toContain('amira@dubai.example downloaded drawing.dwg from Dubai');
    const rows = await transfersDb('downloads').orderBy('downloaded_at');
    expect(rows.map((r: { receiver_email: string | null; city: string; country_code: string; all_files: boolean }) => [r.receiver_email, r.city, r.country_code, r.all_files])).toEqual([
      ['amira@dubai.example', 'Dubai', 'AE', false],
      [null, 'unknown', 'unknown', true],
    ]);
  });

  it('unknown slugs are 404 and the extension link of an expired transfer adds 48 hours once', async () => {
    expect((await client().call('GET', '/public/transfers/zzzzzzz')).body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    await transfersDb('transfers').where({ slug: anonymous.slug }).update({ expiry_date: new Date(Date.now() - 60_000) });
    const expired = await client().call('GET', `/public/transfers/${anonymous.slug}`);
    expect(expired.status).toBe(410);
    expect((expired.body as ErrorBody).error.code).toBe('TRANSFER_EXPIRED');

    await ferry.runJobs();
    const offer = await waitFor('the extension offer', () => inbox.mailsTo('ling@trading.example').find((m) => m.subject === 'Your transfer report.txt has expired'));
    const token = new RegExp(`${ferry.url}/extension/([A-Za-z0-9_-]+)`).exec(offer!.text ?? '')?.[1];
    expect(token).toBeDefined();

    const before = Date.now();
    const extended = await client().call('POST', `/extensions/${token}`);
    expect(extended.status).toBe(200);
    const { expiryDate } = extended.body as { expiryDate: number };
    expect(expiryDate).toBeGreaterThanOrEqual(before + 48 * 3600_000);
    expect(expiryDate).toBeLessThan(Date.now() + 48 * 3600_000 + 1_000);
    expect((await client().call('POST', `/extensions/${token}`)).body).toMatchObject({ error: { code: 'LINK_EXPIRED', message: 'Link expired' } });
    expect((await client().call('GET', `/public/transfers/${anonymous.slug}`)).status).toBe(200);
    const [told] = (await inbox.waitForMailsTo('hans@frankfurt.example', 2)).slice(1);
    expect(told!.subject).toBe('Link Extended for 48 hours: files from ling@trading.example');
  });

  it('a signed-in sender lists, sees downloads with their place, protects with a password and deletes; another account gets 404 on every verb', async () => {
    const alice = client(await signUp('alice@acme.example', 'PRM'));
    const mallory = client(await signUp('mallory@other.example', 'PRM'));
    const res = await alice.call('POST', '/transfers', {
      sendAs: 'link',
      files: [{ name: 'contract.pdf', size: report.length }],
      password: 'open sesame',
      expirySeconds: 2_629_746,
    });
    expect(res.status).toBe(201);
    const created = res.body as Created;
    await upload(created.uploads, { 'contract.pdf': report });
    expect((await mallory.call('POST', `/transfers/${created.id}/complete`, { uploads: [] })).status).toBe(404);
    expect((await alice.call('POST', `/transfers/${created.id}/complete`, { uploads: [{ uploadToken: created.uploads[0]!.uploadToken }] })).status).toBe(200);

    const locked = await client().call('GET', `/public/transfers/${created.slug}`);
    expect(locked.status).toBe(401);
    expect((locked.body as ErrorBody).error.code).toBe('PASSWORD_REQUIRED');
    expect(((await client().call('GET', `/public/transfers/${created.slug}`, undefined, { 'x-transfer-password': 'wrong' })).body as ErrorBody).error.code).toBe('PASSWORD_INCORRECT');
    const open = await client().call('GET', `/public/transfers/${created.slug}`, undefined, { 'x-transfer-password': 'open sesame' });
    expect(open.status).toBe(200);
    const fileId = (open.body as { files: Array<{ id: string }> }).files[0]!.id;
    expect((await client().call('POST', `/public/transfers/${created.slug}/downloads`, { fileId })).status).toBe(401);
    const dl = await client().call('POST', `/public/transfers/${created.slug}/downloads`, { fileId }, { 'x-transfer-password': 'open sesame', 'x-forwarded-for': '94.200.0.1' });
    expect(dl.status).toBe(200);

    const list = await alice.call('GET', '/transfers?filter=all');
    expect(list.status).toBe(200);
    const { items, counts } = list.body as { items: Array<{ slug: string; total_downloads: number; downloads: Array<{ country_name: string }>; hasPassword: boolean; state: string }>; counts: Record<string, number> };
    expect(counts).toEqual({ all: 1, active: 1, expired: 0, thisMonthsTransfers: 1, shared: 0 });
    expect(items[0]).toMatchObject({ slug: created.slug, total_downloads: 1, downloads: [{ country_name: 'United Arab Emirates' }], hasPassword: true, state: 'active' });
    expect(((await alice.call('GET', '/transfers?filter=unseen')).body as { items: unknown[] }).items).toHaveLength(0);
    expect(((await alice.call('GET', '/transfers?filter=active&search=contract')).body as { items: unknown[] }).items).toHaveLength(1);
    expect(((await alice.call('GET', '/transfers?search=CONTRACT.PDF')).body as { items: unknown[] }).items).toHaveLength(1);
    expect(((await alice.call('GET', `/transfers?search=${created.slug}`)).body as { items: unknown[] }).items).toHaveLength(1);
    expect(((await alice.call('GET', '/transfers?search=100%25')).body as { items: unknown[] }).items).toHaveLength(0);
    expect(((await alice.call('GET', '/transfers?sort=sideways')).status)).toBe(400);

    const detail = await alice.call('GET', `/transfers/${created.slug}`);
    expect(detail.body).toMatchObject({ slug: created.slug, downloadLog: [{ city: 'Dubai', countryCode: 'AE', country_name: 'United Arab Emirates' }] });

    expect(((await mallory.call('GET', '/transfers')).body as { counts: { all: number } }).counts.all).toBe(0);
    for (const [method, path, body] of [
      ['GET', `/transfers/${created.slug}`, undefined],
      ['DELETE', `/transfers/${created.slug}`, undefined],
      ['POST', `/transfers/${created.slug}/restrict`, { restricted: true }],
      ['POST', `/transfers/${created.slug}/files`, { files: [{ name: 'x.txt', size: 1 }] }],
      ['POST', `/transfers/${created.slug}/forward`, { sendAs: 'link', fileIds: [fileId] }],
      ['POST', `/transfers/${created.slug}/share`, { shareWith: [] }],
    ] as const) {
      const answer = await mallory.call(method, path, body);
      expect([method, path, answer.status]).toEqual([method, path, 404]);
    }

    expect((await alice.call('POST', `/transfers/${created.slug}/restrict`, { restricted: true })).status).toBe(204);
    expect(((await client().call('GET', `/public/transfers/${created.slug}`)).body as ErrorBody).error.code).toBe('TRANSFER_RESTRICTED');
    expect((await alice.call('POST', `/transfers/${created.slug}/restrict`, { restricted: false })).status).toBe(204);

    const signedUrl = (dl.body as { url: string }).url;
    expect((await alice.call('DELETE', `/transfers/${created.slug}`)).status).toBe(204);
    expect((await client().call('GET', `/public/transfers/${created.slug}`)).status).toBe(404);
    expect((await fetch(signedUrl)).status).toBe(404);
  });

  it('a free account stops at 10 transfers a month with the product message', async () => {
    const frank = client(await signUp('frank@free.example', 'Free'));
    for (let i = 0; i < 10; i += 1) {
      const created = (await frank.call('POST', '/transfers', { sendAs: 'link', files: [{ name: `n${i}.txt`, size: 3 }] })).body as Created;
      await upload(created.uploads, { [`n${i}.txt`]: 'abc' });
      expect((await frank.call('POST', `/transfers/${created.id}/complete`, { uploads: [{ uploadToken: created.uploads[0]!.uploadToken }] })).status).toBe(200);
    }
    const eleventh = await frank.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'n10.txt', size: 3 }] });
    expect(eleventh.status).toBe(403);
    expect((eleventh.body as ErrorBody).error.code).toBe('MONTHLY_LIMIT_REACHED');
    const tooMany = await client(await signUp('rita@free.example', 'Free')).call('POST', '/transfers', {
      sendAs: 'email',
      files: [{ name: 'a.txt', size: 1 }],
      emailTo: ['1@x.example', '2@x.example', '3@x.example', '4@x.example', '5@x.example', '6@x.example', '7@x.example'],
    });
    expect(tooMany.body).toMatchObject({ error: { code: 'TOO_MANY_RECIPIENTS', message: 'You can transfer files up to 50 people with a subscription' } });
  });

  it('a team member sends into the admin\'s root and shares with a colleague, who sees it under shared but cannot change it; other teams get 404', async () => {
    const adminToken = await signUp('boss@team.example', 'BM');
    const admin = client(adminToken);
    const join = async (email: string) => {
      expect((await admin.call('POST', '/team/invites', { email })).status).toBe(201);
      const [mail] = await inbox.waitForMailsTo(email, 1);
      const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? '')?.[1];
      const accepted = await client().call('POST', `/team/invites/${token}/accept`, { password: 'member-pass-1', fullName: email.split('@')[0] });
      expect(accepted.status).toBe(201);
      return accepted.body as { accessToken: string; user: { id: string } };
    };
    const mei = await join('mei@team.example');
    const ravi = await join('ravi@team.example');
    const outsider = client(await signUp('eve@elsewhere.example', 'BM'));

    const meiClient = client(mei.accessToken);
    const res = await meiClient.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'layout.pdf', size: 5 }], shareWith: [ravi.user.id] });
    expect(res.status).toBe(201);
    const created = res.body as Created;
    await upload(created.uploads, { 'layout.pdf': 'hello' });
    expect((await meiClient.call('POST', `/transfers/${created.id}/complete`, { uploads: [{ uploadToken: created.uploads[0]!.uploadToken }] })).status).toBe(200);
    expect((await meiClient.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'x.pdf', size: 5 }], shareWith: ['someone-else'] })).status).toBe(400);

    const raviClient = client(ravi.accessToken);
    const shared = (await raviClient.call('GET', '/transfers?filter=shared')).body as { items: Array<{ slug: string; shared: boolean }>; counts: { all: number; shared: number } };
    expect(shared.items.map((i) => [i.slug, i.shared])).toEqual([[created.slug, true]]);
    expect(shared.counts).toMatchObject({ all: 0, shared: 1 });
    expect((await raviClient.call('GET', `/transfers/${created.slug}`)).status).toBe(200);
    expect((await raviClient.call('DELETE', `/transfers/${created.slug}`)).status).toBe(404);
    // The admin's root holds the member's files: the admin can see and manage it.
    expect((await admin.call('GET', `/transfers/${created.slug}`)).status).toBe(200);
    expect((await outsider.call('GET', `/transfers/${created.slug}`)).status).toBe(404);
    const stored = await transfersDb('transfers').where({ slug: created.slug }).first();
    expect(stored).toMatchObject({ sender_id: mei.user.id, owner_id: expect.any(String) });
    expect(stored.owner_id).not.toBe(mei.user.id);
  });

  it('an address that looks up too many unknown slugs is refused for a while, even for slugs that exist', async () => {
    const prober = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 5; i += 1) expect((await client().call('GET', `/public/transfers/nope00${i}`, undefined, prober)).status).toBe(404);
    const refused = await client().call('GET', `/public/transfers/${anonymous.slug}`, undefined, prober);
    expect(refused.status).toBe(429);
    expect((refused.body as ErrorBody).error.code).toBe('RATE_LIMITED');
    expect((await client().call('GET', `/public/transfers/${anonymous.slug}`, undefined, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
  });

  it('a suspended account cannot send, and an expired transfer past the grace period has its objects purged', async () => {
    const sam = client(await signUp('sam@suspended.example', 'PRM'));
    const created = (await sam.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'old.txt', size: 3 }] })).body as Created;
    await upload(created.uploads, { 'old.txt': 'old' });
    expect((await sam.call('POST', `/transfers/${created.id}/complete`, { uploads: [{ uploadToken: created.uploads[0]!.uploadToken }] })).status).toBe(200);
    const fileId = ((await client().call('GET', `/public/transfers/${created.slug}`)).body as { files: Array<{ id: string }> }).files[0]!.id;
    const signed = ((await client().call('POST', `/public/transfers/${created.slug}/downloads`, { fileId })).body as { url: string }).url;

    // Expired 29 days ago: still within the 30-day grace, the sender can extend it; nothing is purged.
    await transfersDb('transfers').where({ slug: created.slug }).update({ expiry_date: new Date(Date.now() - 29 * 86_400_000) });
    await ferry.runJobs();
    expect((await transfersDb('transfers').where({ slug: created.slug }).first()).purged_at).toBeNull();
    // 31 days: purged, and the extension link no longer helps.
    await transfersDb('transfers').where({ slug: created.slug }).update({ expiry_date: new Date(Date.now() - 31 * 86_400_000) });
    await ferry.runJobs();
    expect((await transfersDb('transfers').where({ slug: created.slug }).first()).purged_at).not.toBeNull();
    expect((await test.schema('storage')('objects').where({ file_id: fileId }).first()).status).toBe('deleted');
    expect((await fetch(signed)).status).toBe(404);

    // Suspended (status revoke): the next session carries it and sending is refused with the product's words.
    await test.schema('identity')('users').where({ email: 'sam@suspended.example' }).update({ status: 'revoke' });
    const login = await client().call('POST', '/auth/login', { email: 'sam@suspended.example', password: 'correct-horse-1' });
    const suspended = client((login.body as { accessToken: string }).accessToken);
    const refused = await suspended.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'new.txt', size: 3 }] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'ACCOUNT_SUSPENDED', message: 'Contact support to find out why.' } });
  });
});
