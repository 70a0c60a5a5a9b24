import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@ferry/service-kit';
import { freePort } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAllInOne, type RunningFerry } from '../src/all-in-one';
import { ZAllInOneConfig } from '../src/config';

interface InboxMail {
  id: string;
  subject: string;
  text?: string;
  to: Array<{ address: string }>;
}

/** `npm start` with nothing set: embedded Postgres, in-process bus, local inbox. */
describe('all-in-one on embedded defaults', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ferry-data-'));
  let ferry: RunningFerry;
  let api: string;

  beforeAll(async () => {
    chmodSync(dataDir, 0o755);
    const [port, pgPort, smtpPort, webPort, storagePort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    const config = ZAllInOneConfig.parse({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      MAIL_INBOX_SMTP_PORT: String(smtpPort),
      MAIL_INBOX_WEB_PORT: String(webPort),
      STORAGE_PORT: String(storagePort),
      STORAGE_PUBLIC_URL: `http://127.0.0.1:${storagePort}`,
    });
    ferry = await startAllInOne(config, createLogger({ service: 'ferry-test', level: 'warn' }));
    api = `${ferry.url}/api/v1`;
  }, 120_000);
  afterAll(async () => {
    await ferry?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function inboxFor(address: string): Promise<InboxMail[]> {
    const res = await fetch(`${ferry.inboxUrl}/api/email`);
    const body = (await res.json()) as InboxMail[] | { emails: InboxMail[] };
    const mails = Array.isArray(body) ? body : body.emails;
    return mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === address));
  }

  it('when started with nothing configured, then it uses an embedded Postgres in DATA_DIR and the in-process bus', () => {
    expect(ferry.bus).toBe('in-process');
    expect(ferry.databaseUrl).toMatch(/^postgres:\/\/postgres:postgres@127\.0\.0\.1:\d+\/ferry$/);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(ferry.inboxUrl).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('when someone registers with curl-like calls, then the code arrives in the local inbox and the account works', async () => {
    const email = 'grace@example.com';
    let cookies = '';
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookies ? { cookie: cookies } : {}) },
        body: JSON.stringify(body),
      });
      const set = res.headers.getSetCookie().map((line) => line.split(';')[0]).filter((pair) => !pair!.endsWith('='));
      if (set.length) cookies = set.join('; ');
      return res;
    };
    expect((await post('/auth/email-codes', { email, purpose: 'register' })).status).toBe(202);

    let mails: InboxMail[] = [];
    for (let i = 0; i < 100 && mails.length === 0; i += 1) {
      mails = await inboxFor(email);
      if (mails.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mails).toHaveLength(1);
    const full = (await (await fetch(`${ferry.inboxUrl}/api/email/${mails[0]!.id}`)).json()) as { text: string };
    const code = /\b(\d{5})\b/.exec(full.text)?.[1];
    expect(code).toMatch(/^\d{5}$/);

    expect((await post('/auth/email-codes/verify', { email, code, purpose: 'register' })).status).toBe(200);
    const signup = await post('/auth/signup', { email, password: 'hopper-1906', fullName: 'Grace Hopper' });
    expect(signup.status).toBe(201);
    const login = await post('/auth/login', { email, password: 'hopper-1906' });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const me = await fetch(`${api}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await me.json()).toMatchObject({ email, fullName: 'Grace Hopper', plan: 'PRM', role: 'Free', status: 'unpaid' });
    accessTokenOfGrace = accessToken;
  });

  let accessTokenOfGrace = '';
  it('when a signed-in user uploads through a grant, then the bytes go straight to storage, encrypted at rest, and come back whole', async () => {
    const call = async (path: string, body: unknown) =>
      fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessTokenOfGrace}` },
        body: JSON.stringify(body),
      });
    const text = 'COBOL manual, first edition\n'.repeat(1000);
    const grants = await call('/storage/grants', { files: [{ name: 'manual.txt', size: text.length, contentType: 'text/plain' }] });
    expect(grants.status).toBe(201);
    const [grant] = ((await grants.json()) as { grants: Array<{ uploadToken: string; single: { url: string; headers: Record<string, string> } }> }).grants;
    expect(grant!.single.url.startsWith(ferry.storageUrl)).toBe(true);
    expect((await fetch(grant!.single.url, { method: 'PUT', headers: grant!.single.headers, body: text })).status).toBe(200);
    const done = await call('/storage/uploads/complete', { uploads: [{ uploadToken: grant!.uploadToken }] });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { objects: Array<{ size: number; status: string }> }).objects[0]).toMatchObject({ size: text.length, status: 'complete' });

    // Files are there under DATA_DIR/objects, and none holds the plaintext (grep exits 1: no match).
    const grep = spawnSync('grep', ['-rl', 'COBOL manual', join(dataDir, 'objects')], { encoding: 'utf8' });
    expect(grep.status).toBe(1);
    expect(spawnSync('find', [join(dataDir, 'objects'), '-type', 'f'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).length).toBeGreaterThan(1);
  });
});
