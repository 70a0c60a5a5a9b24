import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferry } from './cli-harness';
import { registerUser, startFerryProduct, type FerryProduct } from '@ferry/testing';
import { createFileCheckpointStore } from '@ferry/upload-engine/node';

const MB = 1024 * 1024;
const EMAIL = 'ada@example.com';
const PASSWORD = 'lovelace-1815';

interface JsonObject {
  fileId: string;
  name: string;
  path: string;
  size: number;
  status: string;
}

/** A request that sends bytes to storage: a part (POST to the local driver's byte route) or a single PUT. */
const isUpload = (c: { method: string; url: string }) => c.method === 'PUT' || (c.method === 'POST' && new URL(c.url).searchParams.has('partNumber'));

/** A real fetch that notes every request it makes, and can stop a run after some uploaded parts. */
function watchedFetch(options: { abortAfterPuts?: number; controller?: AbortController } = {}) {
  const calls: { method: string; url: string; range: string | null; status: number; bytes: number }[] = [];
  const watched: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const body = init?.body;
    const bytes = body instanceof Uint8Array ? body.byteLength : typeof body === 'string' ? body.length : 0;
    calls.push({ method: init?.method ?? 'GET', url: String(input), range: new Headers(init?.headers).get('range'), status: res.status, bytes });
    const puts = calls.filter((c) => isUpload(c) && c.status === 200).length;
    if (options.abortAfterPuts !== undefined && puts >= options.abortAfterPuts) options.controller?.abort();
    return res;
  };
  return { fetch: watched, calls };
}

describe('the ferry command against the running product', () => {
  let product: FerryProduct;
  let work: string;
  let home: string;

  beforeAll(async () => {
    product = await startFerryProduct('cli-ferry');
    await registerUser(product, EMAIL, PASSWORD);
    work = await mkdtemp(join(tmpdir(), 'ferry-cli-'));
    home = join(work, 'home');
  }, 120_000);
  afterAll(async () => {
    await product?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const login = () => ferry(['login', '--api', product.api, '--email', EMAIL], { home, stdin: `${PASSWORD}\n` });

  it('when someone logs in with the password piped on stdin, then the session is kept in FERRY_HOME/config.json, readable only by them', async () => {
    const run = await login();
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`Logged in to ${product.api} as ${EMAIL}\n`);
    const info = await stat(join(home, 'config.json'));
    expect(info.mode & 0o777).toBe(0o600);
    const config = JSON.parse(await readFile(join(home, 'config.json'), 'utf8')) as Record<string, string>;
    expect(config).toMatchObject({ api: product.api, email: EMAIL });
    expect(config['accessToken']).toMatch(/^ey/);
  });

  it('when the password is wrong, then it prints the API error code and message and exits 1', async () => {
    const elsewhere = join(work, 'wrong-home');
    const run = await ferry(['login', '--api', product.api, '--email', EMAIL], { home: elsewhere, env: { FERRY_PASSWORD: 'not-it-at-all' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error AUTH_FAILED: .+\n$/);
    await expect(stat(join(elsewhere, 'config.json'))).rejects.toThrow();
  });

  it('when nobody is logged in, then upload says to log in and exits 1', async () => {
    const run = await ferry(['upload', work], { home: join(work, 'nobody') });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error NOT_LOGGED_IN: Run `ferry login` first\n');
  });

  it('when a folder with a small and a 60 MiB file is uploaded, then the API reports both complete with their sizes', async () => {
    const folder = join(work, 'photos');
    await mkdir(join(folder, 'raw'), { recursive: true });
    await writeFile(join(folder, 'notes.txt'), 'shot list\n'.repeat(100));
    await writeFile(join(folder, 'raw', 'big.bin'), randomBytes(60 * MB + 5));

    const run = await ferry(['upload', '--json', 'photos'], { home, cwd: work });
    expect(run.code, run.stderr).toBe(0);
    const { objects } = JSON.parse(run.stdout) as { objects: JsonObject[] };
    expect(objects).toEqual([
      expect.objectContaining({ name: 'notes.txt', path: 'photos/notes.txt', size: 1000, status: 'complete' }),
      expect.objectContaining({ name: 'big.bin', path: 'photos/raw/big.bin', size: 60 * MB + 5, status: 'complete' }),
    ]);
    expect(run.stderr).toContain('2 of 2');
    expect(run.stderr).toContain('100.0%');
  });

  it('when files are uploaded without --json, then stdout has one line per file: id, size and path', async () => {
    await writeFile(join(work, 'hello.txt'), 'hello');
    await writeFile(join(work, 'empty.txt'), '');
    const run = await ferry(['upload', 'hello.txt', 'empty.txt'], { home, cwd: work });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^[0-9a-f-]{36}\t5\thello\.txt$/);
    expect(lines[1]).toMatch(/^[0-9a-f-]{36}\t0\tempty\.txt$/);
  });

  it('when an upload is cancelled part-way, then its checkpoint stays, and the same upload resumes from it and completes', async () => {
    const path = join(work, 'film.mov');
    const size = 120 * MB + 17;
    await writeFile(path, randomBytes(size));

    const controller = new AbortController();
    const first = watchedFetch({ abortAfterPuts: 5, controller });
    const cancelled = await ferry(['upload', '--part-mib', '4', path], { home, fetch: first.fetch, signal: controller.signal });
    expect(cancelled.code, cancelled.stderr).toBe(130);
    expect(cancelled.stderr).toContain('run the same `ferry upload` again to resume');
    expect(cancelled.stdout).toBe('');
    const saved = (await readdir(join(home, 'checkpoints'))).filter((f) => f.endsWith('.json'));
    expect(saved).toHaveLength(1);
    // The checkpoint as the next run reads it: its file, and the parts added to it since (a `.parts` file beside it).
    const checkpoint = (await createFileCheckpointStore(join(home, 'checkpoints')).get(path))!;
    expect(checkpoint.parts.length).toBeGreaterThanOrEqual(4);

    const second = watchedFetch();
    const resumed = await ferry(['upload', '--json', '--part-mib', '4', path], { home, fetch: second.fetch });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('Resuming Upload...');
    const puts = second.calls.filter(isUpload);
    const sent = puts.reduce((sum, c) => sum + c.bytes, 0);
    const partsPut = puts.map((c) => `${new URL(c.url).searchParams.get('partNumber') ?? new URL(c.url).pathname}:${c.status}`);
    expect(sent, `PUTs of the resume (part:status): ${partsPut.join(' ')}; checkpoint parts ${JSON.stringify(checkpoint.parts)}`).toBeLessThanOrEqual(size - checkpoint.parts.length * 4 * MB);
    const { objects } = JSON.parse(resumed.stdout) as { objects: JsonObject[] };
    expect(objects).toEqual([expect.objectContaining({ fileId: checkpoint.fileId, name: 'film.mov', size, status: 'complete' })]);
    expect((await readdir(join(home, 'checkpoints'))).filter((f) => f.endsWith('.json'))).toEqual([]);
  });

  it('when the upload a checkpoint points at was aborted meanwhile, then the next upload drops it and starts over', async () => {
    const path = join(work, 'draft.bin');
    await writeFile(path, randomBytes(60 * MB));
    const controller = new AbortController();
    const first = watchedFetch({ abortAfterPuts: 2, controller });
    expect((await ferry(['upload', '--part-mib', '4', path], { home, fetch: first.fetch, signal: controller.signal })).code).toBe(130);
    const [saved] = (await readdir(join(home, 'checkpoints'))).filter((f) => f.endsWith('.json'));
    const checkpoint = JSON.parse(await readFile(join(home, 'checkpoints', saved!), 'utf8')) as { fileId: string; uploadToken: string };
    const abort = await fetch(`${product.api}/storage/uploads/abort`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploadToken: checkpoint.uploadToken }),
    });
    expect(abort.status).toBe(204);

    const run = await ferry(['upload', '--json', '--part-mib', '4', path], { home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('Resuming Upload...');
    const { objects } = JSON.parse(run.stdout) as { objects: JsonObject[] };
    expect(objects[0]).toMatchObject({ size: 60 * MB, status: 'complete' });
    expect(objects[0]!.fileId).not.toBe(checkpoint.fileId);
  });

  it('when the access token has run out, then upload renews the session from the refresh token and saves it', async () => {
    const configPath = join(home, 'config.json');
    const config = JSON.parse(await readFile(configPath, 'utf8')) as Record<string, string>;
    expect(config['refreshToken']).toBeTruthy();
    await writeFile(configPath, JSON.stringify({ ...config, accessToken: 'expired' }), { mode: 0o600 });

    const run = await ferry(['upload', 'hello.txt'], { home, cwd: work });
    expect(run.code, run.stderr).toBe(0);
    const renewed = JSON.parse(await readFile(configPath, 'utf8')) as Record<string, string>;
    expect(renewed['accessToken']).toMatch(/^ey/);
    expect(renewed['refreshToken']).not.toBe(config['refreshToken']);
    expect((await stat(configPath)).mode & 0o777).toBe(0o600);
  });

  it('when the session cannot be renewed, then upload says to log in again and exits 1', async () => {
    const elsewhere = join(work, 'stale-home');
    await mkdir(elsewhere);
    await writeFile(join(elsewhere, 'config.json'), JSON.stringify({ api: product.api, email: EMAIL, accessToken: 'expired', refreshToken: 'revoked' }));
    const run = await ferry(['upload', 'hello.txt'], { home: elsewhere, cwd: work });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error SESSION_EXPIRED: .*run `ferry login` again\n$/);
  });

  async function speedTestUrl(): Promise<string> {
    const { regions } = (await (await fetch(`${product.api}/regions`)).json()) as { regions: { speedTestUrl: string }[] };
    return regions[0]!.speedTestUrl;
  }

  it('when a signed storage link is fetched, then the file is saved under the name the server gives', async () => {
    const out = join(work, 'downloads');
    const run = await ferry(['get', await speedTestUrl(), '-o', out], { home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`${join(out, '128kb.txt')}\n`);
    expect((await stat(join(out, '128kb.txt'))).size).toBe(131_072);
    expect(await readdir(out)).toEqual(['128kb.txt']);
  });

  it('when a .part file is there, then get asks for the rest with a Range request and the result is whole', async () => {
    const url = await speedTestUrl();
    const full = await readFile(join(work, 'downloads', '128kb.txt'));
    const out = join(work, 'resumed');
    await mkdir(out);
    await writeFile(join(out, '128kb.txt.part'), full.subarray(0, 50_000));

    const watched = watchedFetch();
    const run = await ferry(['get', url], { home, cwd: out, fetch: watched.fetch });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Resuming 128kb.txt from byte 50000 of 131072');
    expect(watched.calls).toContainEqual(expect.objectContaining({ range: 'bytes=50000-', status: 206 }));
    expect((await readFile(join(out, '128kb.txt'))).equals(full)).toBe(true);
    expect(await readdir(out)).toEqual(['128kb.txt']);
  });

  it('when a link has been tampered with, then get prints the storage error code and saves nothing', async () => {
    const url = new URL(await speedTestUrl());
    url.searchParams.set('X-Ferry-Signature', '0'.repeat(64));
    const out = join(work, 'refused');
    const run = await ferry(['get', url.href, '-o', out], { home });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error URL_SIGNATURE_INVALID: The URL signature does not match\n');
    expect(await readdir(out)).toEqual([]);
  });

  async function mailsTo(address: string): Promise<Array<{ id: string; subject: string }>> {
    const body = (await (await fetch(`${product.inboxUrl}/api/email`)).json()) as Array<{ id: string; subject: string; to: Array<{ address: string }> }>;
    return body.filter((m) => m.to.some((t) => t.address.toLowerCase() === address));
  }

  it('when a folder and a file are sent to two recipients, then it prints a /w/ link, both are mailed, and get saves the same bytes in their folders', async () => {
    const folder = join(work, 'project');
    await mkdir(join(folder, 'specs'), { recursive: true });
    const spec = randomBytes(200_000);
    await writeFile(join(folder, 'specs', 'spec.pdf'), spec);
    await writeFile(join(work, 'readme.md'), '# Readme\n');

    const run = await ferry(['send', 'project', 'readme.md', '--to', 'Li@shanghai.example, omar@dubai.example', '--message', 'Specs attached', '--expiry', '1m'], { home, cwd: work });
    expect(run.code, run.stderr).toBe(0);
    const link = run.stdout.trim();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/w\/[A-Za-z0-9]{7}$/);
    expect(run.stderr).toContain('Sent to Li@shanghai.example, omar@dubai.example');
    for (const address of ['li@shanghai.example', 'omar@dubai.example']) {
      const mails = await waitForMails(address);
      expect(mails[0]!.subject).toBe(`${EMAIL} sent you 2 files via Ferry`);
    }

    const out = join(work, 'received');
    const got = await ferry(['get', link, '-o', out], { home: join(work, 'stranger') });
    expect(got.code, got.stderr).toBe(0);
    expect((await readFile(join(out, 'project', 'specs', 'spec.pdf'))).equals(spec)).toBe(true);
    expect(await readFile(join(out, 'readme.md'), 'utf8')).toBe('# Readme\n');

    // An interrupted download resumes from its .part file.
    const again = join(work, 'received-again');
    await mkdir(join(again, 'project', 'specs'), { recursive: true });
    await writeFile(join(again, 'project', 'specs', 'spec.pdf.part'), spec.subarray(0, 70_000));
    const watched = watchedFetch();
    const resumed = await ferry(['get', link, '-o', again], { home: join(work, 'stranger'), fetch: watched.fetch });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(watched.calls).toContainEqual(expect.objectContaining({ range: 'bytes=70000-', status: 206 }));
    expect((await readFile(join(again, 'project', 'specs', 'spec.pdf'))).equals(spec)).toBe(true);
  });

  it('when a transfer has a password, then get without it says so and with it downloads', async () => {
    await writeFile(join(work, 'secret.txt'), 'the plans');
    const run = await ferry(['send', 'secret.txt', '--password', 'open sesame'], { home, cwd: work });
    expect(run.code, run.stderr).toBe(0);
    const link = run.stdout.trim();
    const refused = await ferry(['get', link, '-o', join(work, 'locked')], { home });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('error PASSWORD_REQUIRED: This transfer has a password: add --password\n');
    const opened = await ferry(['get', link, '-o', join(work, 'unlocked'), '--password', 'open sesame'], { home });
    expect(opened.code, opened.stderr).toBe(0);
    expect(await readFile(join(work, 'unlocked', 'secret.txt'), 'utf8')).toBe('the plans');
  });

  it('when send is given a bad expiry or nobody is logged in, then it says so', async () => {
    expect((await ferry(['send', 'readme.md', '--expiry', 'soon'], { home, cwd: work })).stderr).toMatch(/^error USAGE: --expiry must be one of/);
    expect((await ferry(['send', 'readme.md'], { home: join(work, 'nobody'), cwd: work })).stderr).toBe('error NOT_LOGGED_IN: Run `ferry login` first: sending needs an account\n');
  });

  async function waitForMails(address: string): Promise<Array<{ id: string; subject: string }>> {
    for (let i = 0; i < 100; i += 1) {
      const mails = await mailsTo(address);
      if (mails.length > 0) return mails;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail to ${address}`);
  }
});
