import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { registerUser, startFerryProduct, type FerryProduct } from '@ferry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferry } from './cli-harness';

const EMAIL = 'ci@example.com';
const PASSWORD = 'pipeline-2026';

/**
 * Scripts and CI send with an API token made in Settings: `FERRY_TOKEN`, or `ferry login --token`
 * once. No password is asked for, even on a terminal.
 */
describe('the ferry command with an API token', () => {
  let product: FerryProduct;
  let work: string;
  let session: string;
  /** Every question the CLI asked on the "terminal": there must be none. */
  const asked: string[] = [];
  const prompt = async (question: string) => {
    asked.push(question);
    return '';
  };

  beforeAll(async () => {
    product = await startFerryProduct('cli-token');
    await registerUser(product, EMAIL, PASSWORD);
    const login = await fetch(`${product.api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    session = ((await login.json()) as { accessToken: string }).accessToken;
    work = await mkdtemp(join(tmpdir(), 'ferry-cli-token-'));
    await writeFile(join(work, 'report.csv'), 'region,total\nhk,42\n');
  }, 120_000);
  afterAll(async () => {
    await product?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  async function createToken(name: string): Promise<{ id: string; token: string }> {
    const res = await fetch(`${product.api}/me/api-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ name, expiresInDays: 30 }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; token: string };
  }

  /** The transfer behind a printed link, as its recipient's page sees it. */
  async function publicFiles(link: string): Promise<string[]> {
    const slug = new URL(link.trim()).pathname.split('/').pop();
    const res = await fetch(`${product.api}/public/transfers/${slug}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { files: Array<{ name: string }> }).files.map((f) => f.name);
  }

  it('when FERRY_TOKEN is set, then send needs no login and asks nothing, and the link has the file', async () => {
    const { token } = await createToken('github actions');
    const run = await ferry(['send', 'report.csv', '--api', product.api], { home: join(work, 'ci-home'), cwd: work, env: { FERRY_TOKEN: token }, prompt });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^http\S+\/w\/[A-Za-z0-9]{7}\n$/);
    expect(await publicFiles(run.stdout)).toEqual(['report.csv']);
    expect(asked).toEqual([]);
    await expect(stat(join(work, 'ci-home', 'config.json'))).rejects.toThrow();
  });

  it('when someone logs in with --token, then the token is kept in the 0600 config and send uses it without a prompt', async () => {
    const { token } = await createToken('laptop');
    const home = join(work, 'laptop-home');
    const login = await ferry(['login', '--api', product.api, '--token', token], { home, prompt });
    expect(login).toMatchObject({ code: 0, stderr: '' });
    expect(login.stdout).toBe(`Logged in to ${product.api} with API token ${token.slice(0, 11)}…\n`);
    expect((await stat(join(home, 'config.json'))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(home, 'config.json'), 'utf8'))).toEqual({ api: product.api, apiToken: token });

    const run = await ferry(['send', 'report.csv'], { home, cwd: work, prompt });
    expect(run.code, run.stderr).toBe(0);
    expect(await publicFiles(run.stdout)).toEqual(['report.csv']);
    expect(asked).toEqual([]);
  });

  it('when the token comes on stdin (--token -), then it logs in the same way', async () => {
    const { token } = await createToken('stdin');
    const home = join(work, 'stdin-home');
    const login = await ferry(['login', '--api', product.api, '--token', '-'], { home, stdin: `${token}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse(await readFile(join(home, 'config.json'), 'utf8'))).toMatchObject({ apiToken: token });
  });

  it('when the token was revoked, then login refuses to keep it and send fails with the API code', async () => {
    const { id, token } = await createToken('revoked');
    const home = join(work, 'revoked-home');
    expect((await ferry(['login', '--api', product.api, '--token', token], { home })).code).toBe(0);
    const revoke = await fetch(`${product.api}/me/api-tokens/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${session}` } });
    expect(revoke.status).toBe(204);

    const send = await ferry(['send', 'report.csv'], { home, cwd: work });
    expect(send.code).toBe(1);
    expect(send.stderr).toMatch(/^error UNAUTHENTICATED: This API token is not valid/);
    const again = await ferry(['login', '--api', product.api, '--token', token], { home: join(work, 'fresh-home') });
    expect(again.code).toBe(1);
    await expect(stat(join(work, 'fresh-home', 'config.json'))).rejects.toThrow();
  });

  it('when what is given is not a Ferry token, then login says what one looks like and exits 2', async () => {
    const run = await ferry(['login', '--api', product.api, '--token', 'ghp_something'], { home: join(work, 'bad-home') });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error USAGE: That is not a Ferry API token: they start with fy_pat_/);
  });
});
