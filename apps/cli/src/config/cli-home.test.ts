import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, ferryHomeOf, readCliConfig, resolveApiUrl, writeCliConfig } from './cli-home';

describe('the ferry home', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('when FERRY_HOME is set, then it replaces ~/.ferry', () => {
    expect(ferryHomeOf({}, '/home/ada')).toBe('/home/ada/.ferry');
    expect(ferryHomeOf({ FERRY_HOME: '/srv/ferry' }, '/home/ada')).toBe('/srv/ferry');
  });

  it('when the API is chosen, then --api beats FERRY_API, which beats the logged-in API, which beats the local default', () => {
    const config = { api: 'https://ferry.example/api/v1', accessToken: 't', email: 'a@b.c' };
    expect(resolveApiUrl({ flag: 'http://flag/api/v1/', env: { FERRY_API: 'http://env/api/v1' }, config })).toBe('http://flag/api/v1');
    expect(resolveApiUrl({ env: { FERRY_API: 'http://env/api/v1' }, config })).toBe('http://env/api/v1');
    expect(resolveApiUrl({ env: {}, config })).toBe('https://ferry.example/api/v1');
    expect(resolveApiUrl({ env: {} })).toBe(DEFAULT_API_URL);
    expect(() => resolveApiUrl({ flag: 'ftp://x', env: {} })).toThrow(/http or https/);
  });

  it('when the config is written, then it reads back and only its owner can read it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ferry-home-'));
    const home = join(dir, 'nested', '.ferry');
    const config = { api: 'http://127.0.0.1:8080/api/v1', accessToken: 'token', email: 'a@b.c', refreshToken: 'r' };
    await writeCliConfig(home, config);
    expect(await readCliConfig(home)).toEqual(config);
    expect((await stat(join(home, 'config.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(join(home, 'config.json'), 'utf8'))).toEqual(config);
  });

  it('when there is no config, then it reads as logged out; when it is garbage, then it says to log in again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ferry-home-'));
    expect(await readCliConfig(dir)).toBeUndefined();
    await writeFile(join(dir, 'config.json'), '{"api": 1}');
    await expect(readCliConfig(dir)).rejects.toThrow(/run `ferry login` again/);
  });
});
