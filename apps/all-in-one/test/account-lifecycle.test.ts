import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpInbox } from '@ferry/testing';
import type { Knex } from 'knex';
import { gatewayClient, signUpThroughGateway, uploadGrants, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

const DAY = 86_400_000;
const PASSWORD = 'correct-horse-1';

interface Created {
  id: string;
  slug: string;
  uploads: Grant[];
}

/** The entries of a ZIP whose files are stored (not compressed), read by their local headers. */
function readZipEntries(zip: Buffer): Record<string, string> {
  const entries: Record<string, string> = {};
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50; ) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const start = at + 30 + nameLength + extraLength;
    entries[zip.subarray(at + 30, at + 30 + nameLength).toString('utf8')] = zip.subarray(start, start + size).toString('utf8');
    at = start + size;
  }
  return entries;
}

/**
 * Every table of every service schema with a row that mentions the text (the user's id or email).
 * The purge order itself (`evt.account.deleted` in identity's outbox) goes with the relay's retention.
 */
async function rowsMentioning(db: Knex, needle: string): Promise<string[]> {
  const { rows: tables } = await db.raw<{ rows: Array<{ table_schema: string; table_name: string }> }>(
    `select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'public', 'ferry_test_clock')`,
  );
  const found: string[] = [];
  for (const { table_schema: schema, table_name: table } of tables) {
    const unlessPurgeOrder = table === 'outbox' ? ` and t.subject <> 'evt.account.deleted'` : '';
    const hit = await db.raw<{ rows: unknown[] }>(`select 1 from "${schema}"."${table}" t where strpos(t::text, ?) > 0${unlessPurgeOrder} limit 1`, [needle]);
    if (hit.rows.length > 0) found.push(`${schema}.${table}`);
  }
  return found;
}

/** Where the local driver keeps an object's manifest (its bytes' blobs hang off it). */
async function storedObjectPath(running: TestFerry, fileId: string): Promise<string> {
  const object = (await running.db('storage.objects').where({ file_id: fileId }).first()) as { bucket: string; key: string };
  return join(running.dataDir, 'objects', object.bucket, 'objects', ...object.key.split('/'));
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  for (let waited = 0; ; waited += 250) {
    const value = await probe();
    if (value !== undefined) return value;
    if (waited >= timeoutMs) throw new Error(`${what} did not happen`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A Pro account with a downloaded transfer mailed to a contact and a request. */
async function accountWithData({ api, inbox }: TestFerry, email: string) {
  const session = await signUpThroughGateway(api, inbox, { email, plan: 'PRM' });
  const user = gatewayClient(api, session.accessToken);
  const created = await user.call('POST', '/transfers', { sendAs: 'email', emailTo: ['buyer@customer.example'], files: [{ name: 'invoice.pdf', size: 7 }], message: 'Your invoice' });
  expect(created.status).toBe(201);
  const transfer = created.body as Created;
  await uploadGrants(transfer.uploads, { 'invoice.pdf': 'invoice' });
  expect((await user.call('POST', `/transfers/${transfer.id}/complete`, { uploads: transfer.uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);
  const page = await gatewayClient(api).call('GET', `/public/transfers/${transfer.slug}`);
  const fileId = (page.body as { files: Array<{ id: string }> }).files[0]!.id;
  const download = await gatewayClient(api).call('POST', `/public/transfers/${transfer.slug}/downloads`, { fileId }, { 'x-forwarded-for': '94.200.0.1' });
  expect(download.status).toBe(200);
  expect((await user.call('POST', '/requests', { title: 'Packing list please' })).status).toBe(201);
  return { session, user, transfer, signedUrl: (download.body as { url: string }).url };
}


/** `npm start` with FERRY_TEST_CLOCK=1 and a sweep every second: export my data, and the export's end. */
describe('data export through the all-in-one', () => {
  let running: TestFerry;
  let api: string;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    running = await startTestFerry('data_export', { FERRY_TEST_CLOCK: '1', EXPIRY_SWEEP_INTERVAL_MS: '1000' });
    ({ api, inbox } = running);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  it('when a user exports their data, then a mail links to a ZIP of JSON with the account, the transfers with their download log, the requests and the contacts; a wrong token gets 404; after 7 days the ZIP is deleted', async () => {
    const email = 'exporter@example.com';
    const { session, user, transfer } = await accountWithData(running, email);
    const before = inbox.mailsTo(email).length;

    expect((await user.call('POST', '/me/exports')).status).toBe(202);

    const mails = await inbox.waitForMailsTo(email, before + 1, 30_000);
    const mail = mails.find((m) => m.subject === 'Your Ferry data export is ready');
    expect(mail).toBeDefined();
    const link = new RegExp(`${api}/exports/[0-9a-f-]{36}/[A-Za-z0-9_-]+`).exec(mail!.text ?? '')?.[0];
    expect(link).toBeDefined();
    const zipRes = await fetch(link!);
    expect(zipRes.status).toBe(200);
    const entries = readZipEntries(Buffer.from(await zipRes.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(['account.json', 'contacts.json', 'requests.json', 'transfers.json']);
    expect(JSON.parse(entries['account.json']!)).toMatchObject({ email });
    const transfers = JSON.parse(entries['transfers.json']!) as Array<{ slug: string; downloads: Array<{ country: string }>; password_hash?: unknown }>;
    expect(transfers).toMatchObject([{ slug: transfer.slug, downloads: [{ country: 'United Arab Emirates' }] }]);
    expect(entries['transfers.json']).not.toMatch(/hash|token/);
    expect(JSON.parse(entries['requests.json']!)).toMatchObject([{ title: 'Packing list please' }]);
    expect(JSON.parse(entries['contacts.json']!)).toMatchObject([{ email: 'buyer@customer.example' }]);

    const exported = (await running.db('transfers.data_exports').where({ user_id: session.user.id }).first()) as { file_id: string };
    const stored = await storedObjectPath(running, exported.file_id);
    expect(existsSync(stored)).toBe(true);
    const forged = await fetch(link!.replace(/\/[A-Za-z0-9_-]+$/, '/not-the-token'), { redirect: 'manual' });
    expect(forged.status).toBe(404);
    // The link works for 7 days.
    expect((await gatewayClient(api).call('POST', '/test-clock', { advanceMs: 7 * DAY + 60_000 })).status).toBe(200);
    expect((await fetch(link!, { redirect: 'manual' })).status).toBe(404);
    // The sweep deletes the expired ZIP's bytes (storage marks its row deleted) and forgets the export.
    await waitUntil('the expired export deleted', async () => ((await running.db('transfers.data_exports').where({ user_id: session.user.id })).length === 0 ? true : undefined), 30_000);
    expect(await running.db('storage.objects').where({ file_id: exported.file_id }).first()).toMatchObject({ status: 'deleted' });
    expect(existsSync(stored)).toBe(false);
    // Back to real time for the next test (it signs up anew, and its codes and trial start now).
    expect((await gatewayClient(api).call('POST', '/test-clock', { offsetMs: 0 })).status).toBe(200);
  }, 120_000);
});

/** `npm start` with FERRY_TEST_CLOCK=1: delete an account and purge it across every service. */
describe('account deletion through the all-in-one', () => {
  let running: TestFerry;
  let api: string;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    running = await startTestFerry('account_lifecycle', { FERRY_TEST_CLOCK: '1' });
    ({ api, inbox } = running);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  it('when the grace period of a deleted account ends, then no row in any service schema and no stored object of the user is left, and its links answer 404', async () => {
    const email = 'leaver@example.com';
    const { session, user, transfer, signedUrl } = await accountWithData(running, email);
    const userId = session.user.id;
    // An export too: its ZIP is an object of the user.
    expect((await user.call('POST', '/me/exports')).status).toBe(202);
    await waitUntil('the export mail', async () => inbox.mailsTo(email).find((m) => m.subject === 'Your Ferry data export is ready'), 30_000);
    expect(await rowsMentioning(running.db, userId)).toContain('storage.objects');

    const deletion = await user.call('POST', '/me/deletion', { password: PASSWORD });
    expect(deletion.status).toBe(202);
    await waitUntil('the deletion mail', async () => inbox.mailsTo(email).find((m) => m.subject === 'Your Ferry account will be deleted'));
    expect((await user.call('GET', '/me')).status).toBe(401);

    expect((await gatewayClient(api).call('POST', '/test-clock', { advanceMs: 14 * DAY + 60_000 })).status).toBe(200);
    // Mail keeps the address, not the id: its purge is waited for too (each service purges on its own event).
    const leftovers = async () => [...(await rowsMentioning(running.db, userId)), ...(await rowsMentioning(running.db, email))];
    await waitUntil('the purge of every service', async () => ((await leftovers()).length === 0 ? true : undefined), 30_000).catch(() => undefined);

    expect(await rowsMentioning(running.db, userId)).toEqual([]);
    expect(await rowsMentioning(running.db, email)).toEqual([]);
    expect((await gatewayClient(api).call('GET', `/public/transfers/${transfer.slug}`)).status).toBe(404);
    // The bytes are gone from storage, not only the rows.
    expect((await fetch(signedUrl)).status).not.toBe(200);
    const login = await gatewayClient(api).call('POST', '/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(401);
  }, 180_000);
});
