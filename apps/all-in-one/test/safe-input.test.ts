import { DOT_NAME_MESSAGE } from '@ferry/contracts';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayClient, signUpThroughGateway, uploadGrants, type ErrorBody, type GatewayClient, type Grant } from './support/gateway-client';
import { startTestFerry, type TestFerry } from './support/test-ferry';

interface Created {
  id: string;
  slug: string;
  uploads: Grant[];
}

/**
 * Names, paths and strings that clients send, through the gateway to real services on a real
 * Postgres: refused with a 400 that names the field before anything is granted or written.
 */
describe('input that is refused at the door', () => {
  let running: TestFerry;
  let api: string;
  let transfersDb: Knex;
  let storageDb: Knex;
  let alice: GatewayClient;
  let aliceId: string;
  let requestSlug: string;
  let live: Created;

  beforeAll(async () => {
    running = await startTestFerry('safe_input', { RATE_LIMIT_PER_IP_PER_MINUTE: '10000', RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '10000' });
    api = running.api;
    transfersDb = running.schema('transfers');
    storageDb = running.schema('storage');
    const session = await signUpThroughGateway(api, running.inbox, { email: 'alice@acme.example', plan: 'PRM', fullName: 'Alice Chen' });
    alice = gatewayClient(api, session.accessToken);
    aliceId = session.user.id;
    requestSlug = ((await alice.call('POST', '/requests', { title: 'Shipping documents' })).body as { slug: string }).slug;
    const created = await alice.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 5 }] });
    live = created.body as Created;
    await uploadGrants(live.uploads, { 'a.txt': 'hello' });
    expect((await alice.call('POST', `/transfers/${live.id}/complete`, { uploads: live.uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  const errorOf = (answer: { status: number; body: unknown }) => ({ status: answer.status, ...(answer.body as ErrorBody & { error: { details?: unknown } }).error });
  const objectCount = async () => Number((await storageDb('objects').count({ n: '*' }))[0]?.n);

  it('when a file is named . or .., then a quick send, a request upload and add-files answer 400 with the message, and nothing is granted', async () => {
    const before = await objectCount();
    for (const name of ['.', '..']) {
      const files = [{ name: 'fine.txt', size: 1 }, { name, size: 1 }];
      const answers = [
        await alice.call('POST', '/transfers', { sendAs: 'link', files }),
        await gatewayClient(api).call('POST', `/public/requests/${requestSlug}/uploads`, { files }),
        await alice.call('POST', `/transfers/${live.slug}/files`, { files }),
        await alice.call('POST', '/storage/grants', { files }),
      ];
      for (const answer of answers) {
        expect(errorOf(answer)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: `files.1.name: ${DOT_NAME_MESSAGE}`, details: { field: 'files.1.name' } });
      }
    }
    expect(await objectCount()).toBe(before);
  });

  it('when a folder path uses backslashes, then it is stored with /, and ..\\..\\etc is refused like ../../etc', async () => {
    const sent = await alice.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'plan.dwg', size: 3, path: 'plans\\2026\\june' }] });
    expect(sent.status).toBe(201);
    const stored = await transfersDb('transfer_files').where({ id: (sent.body as Created).uploads[0]!.fileId }).first('path');
    expect(stored.path).toBe('plans/2026/june');

    for (const path of ['..\\..\\etc', 'a\\..\\..\\b', '../../etc']) {
      const answers = [
        await alice.call('POST', '/transfers', { sendAs: 'link', files: [{ name: 'passwd', size: 3, path }] }),
        await gatewayClient(api).call('POST', `/public/requests/${requestSlug}/uploads`, { files: [{ name: 'passwd', size: 3, path }] }),
      ];
      for (const answer of answers) expect(errorOf(answer)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', details: { field: 'files.0.path' } });
    }
    expect(await transfersDb('transfer_files').where('path', 'like', '%..%').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('when a string field holds NUL or another control character, then 400 names the field instead of a 500 from Postgres', async () => {
    const anonymous = gatewayClient(api);
    const cases: Array<[GatewayClient, string, string, Record<string, unknown>, string]> = [
      [alice, 'POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 1 }], message: 'hi\u0000' }, 'message'],
      [alice, 'POST', '/transfers', { sendAs: 'link', files: [{ name: 'a\u0000.txt', size: 1 }] }, 'files.0.name'],
      [alice, 'POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 1, contentType: 'text/plain\u0000' }] }, 'files.0.contentType'],
      [alice, 'POST', '/transfers', { sendAs: 'email', files: [{ name: 'a.txt', size: 1 }], emailTo: [{ email: 'b@c.example', name: 'Bo\u0000' }] }, 'emailTo.0.name'],
      [alice, 'POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 1 }], senderName: 'Al\u0007ice' }, 'senderName'],
      [alice, 'POST', '/requests', { title: 'Docs\u0000' }, 'title'],
      [alice, 'POST', '/requests', { title: 'Docs', message: 'please\u0000' }, 'message'],
      [alice, 'PATCH', '/me', { fullName: 'Alice\u0000' }, 'fullName'],
      [alice, 'PATCH', '/me', { company: 'Acme\u009b' }, 'company'],
      [anonymous, 'POST', '/feedback', { rating: 'fine', comment: 'ok\u0000' }, 'comment'],
      [anonymous, 'POST', '/feedback', { rating: 'fine', comment: 'ok', page: '/\u0000' }, 'page'],
      [anonymous, 'POST', `/public/requests/${requestSlug}/uploads`, { files: [{ name: 'a.txt', size: 1 }], email: 'x\u0000@y.example' }, 'email'],
      [anonymous, 'POST', `/public/transfers/${live.slug}/downloads`, { fileId: live.uploads[0]!.fileId, recipient: 'r\u0000' }, 'recipient'],
      [anonymous, 'POST', '/auth/signup', { email: 'new@acme.example', password: 'long-enough-1', fullName: 'N\u0000' }, 'fullName'],
      [anonymous, 'POST', '/auth/login', { email: 'alice@acme.example', password: 'pw\u0000' }, 'password'],
      [anonymous, 'POST', '/storage/uploads/sign', { uploadToken: 'tok\u0000' }, 'uploadToken'],
    ];
    for (const [as, method, path, body, field] of cases) {
      const answer = await as.call(method, path, body);
      expect([path, field, errorOf(answer)]).toMatchObject([path, field, { status: 400, code: 'VALIDATION_FAILED', details: { field } }]);
    }
    expect(errorOf(await alice.call('GET', '/transfers?search=a%00b'))).toMatchObject({ status: 400, details: { field: 'search' } });
    expect(errorOf(await alice.call('GET', '/contacts?search=%00'))).toMatchObject({ status: 400, details: { field: 'search' } });
    expect(errorOf(await anonymous.call('GET', `/public/transfers/${live.slug}?recipient=%00`))).toMatchObject({ status: 400, details: { field: 'recipient' } });
    expect(errorOf(await anonymous.call('POST', '/extensions/tok%00en'))).toMatchObject({ status: 400, details: { field: 'token' } });
    expect(errorOf(await alice.call('DELETE', '/notifications/%00'))).toMatchObject({ status: 400, details: { field: 'id' } });
  });

  it('when a body carries a field the route does not know, at any depth, then 400 VALIDATION_FAILED names it', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 1 }], isAdmin: true }, 'isAdmin'],
      ['POST', '/transfers', { sendAs: 'link', files: [{ name: 'a.txt', size: 1, key: 'other/prefix' }] }, 'files.0.key'],
      ['POST', `/transfers/${live.id}/complete`, { uploads: [{ uploadToken: live.uploads[0]!.uploadToken, size: 1 }] }, 'uploads.0.size'],
      ['POST', '/requests', { title: 'Docs', ownerId: 'someone-else' }, 'ownerId'],
      ['POST', `/transfers/${live.slug}/restrict`, { restricted: true, slug: 'other' }, 'slug'],
      ['POST', '/notifications/read', { userId: 'someone-else' }, 'userId'],
      ['POST', '/auth/logout', { everywhere: true }, 'everywhere'],
    ];
    for (const [method, path, body, field] of cases) {
      expect([path, errorOf(await alice.call(method, path, body))]).toMatchObject([path, { status: 400, code: 'VALIDATION_FAILED', details: { field } }]);
    }
  });

  it('when a part number is listed twice to sign or to complete, then 400 instead of a 500 from the database or the driver', async () => {
    const grants = ((await alice.call('POST', '/storage/grants', { files: [{ name: 'big.bin', size: 60 * 1024 * 1024 }] })).body as { grants: Array<{ uploadToken: string }> }).grants;
    const uploadToken = grants[0]!.uploadToken;
    const sign = await alice.call('POST', '/storage/uploads/sign', { uploadToken, parts: [{ partNumber: 1, size: 524_288 }, { partNumber: 1, size: 524_288 }] });
    expect(errorOf(sign)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: expect.stringContaining('A part number is listed twice') });
    const complete = await alice.call('POST', '/storage/uploads/complete', { uploads: [{ uploadToken, parts: [{ partNumber: 1, etag: 'a' }, { partNumber: 1, etag: 'a' }] }] });
    expect(errorOf(complete)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('when recording a quick send fails after storage granted its uploads, then every grant is aborted and nothing of it is left', async () => {
    await transfersDb.raw(`
      create function refuse_marked_transfer() returns trigger language plpgsql as $$
      begin
        if new.message = 'the insert fails' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await transfersDb.raw('create trigger refuse_marked_transfer before insert on transfers for each row execute function refuse_marked_transfer()');
    try {
      const before = await storageDb('objects').where({ usage_owner_id: aliceId, status: 'uploading' }).count({ n: '*' });
      const answer = await alice.call('POST', '/transfers', {
        sendAs: 'link',
        message: 'the insert fails',
        files: [{ name: 'one.txt', size: 10 }, { name: 'two.txt', size: 20 }],
      });
      expect(errorOf(answer)).toMatchObject({ status: 500, code: 'INTERNAL' });
      const granted = await storageDb('objects').where({ usage_owner_id: aliceId }).whereIn('name', ['one.txt', 'two.txt']).select('status');
      expect(granted.map((o: { status: string }) => o.status)).toEqual(['aborted', 'aborted']);
      expect(await storageDb('objects').where({ usage_owner_id: aliceId, status: 'uploading' }).count({ n: '*' })).toEqual(before);
      expect(await transfersDb('transfers').where({ message: 'the insert fails' }).count({ n: '*' })).toEqual([{ n: '0' }]);
    } finally {
      await transfersDb.raw('drop trigger refuse_marked_transfer on transfers');
      await transfersDb.raw('drop function refuse_marked_transfer()');
    }
  });
});
