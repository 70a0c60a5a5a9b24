import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ferry } from './cli-harness';

const home = '/nonexistent-ferry-home';

describe('ferry usage', () => {
  it('when the command is unknown, then it prints the usage on stderr and exits 2', async () => {
    const run = await ferry(['fly'], { home });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error USAGE: Unknown command: fly\n/);
    expect(run.stderr).toContain('Usage: ferry <command> [options]');
  });

  it('when send names no files, then it says how to use it and exits 2', async () => {
    const run = await ferry(['send', '--to', 'a@b.c'], { home });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error USAGE: Name at least one file or folder: ferry send <paths…>/);
  });

  it('when no command is given, then the usage goes to stderr with exit 2, and --help prints it on stdout with exit 0', async () => {
    expect(await ferry([], { home })).toMatchObject({ code: 2, stdout: '' });
    const help = await ferry(['--help'], { home });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('upload <paths…>');
  });

  it('when an option is unknown or a value is bad, then it exits 2 and names the problem', async () => {
    const unknown = await ferry(['upload', '--fast', 'x'], { home });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error USAGE: .*--fast/);
    expect((await ferry(['upload', '--part-mib', 'lots', 'x'], { home })).code).toBe(2);
    expect((await ferry(['upload', '--region', 'mars-1', 'x'], { home })).stderr).toMatch(/^error USAGE: Unknown region mars-1/);
    expect((await ferry(['get', 'ftp://example.com/file'], { home })).code).toBe(2);
  });

  it('when get is given --password for a signed storage link, then it says passwords are for transfer links and exits 2', async () => {
    const run = await ferry(['get', 'https://example.com/file', '--password', 'secret'], { home });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error USAGE: ferry get --password is for transfer links/);
  });

  it('when login has no password anywhere, then it explains where a password may come from and exits 2', async () => {
    const run = await ferry(['login', '--api', 'http://127.0.0.1:9/api/v1', '--email', 'a@b.c'], { home, stdin: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('FERRY_PASSWORD');
  });

  it('when the bin launcher runs, then it runs the esbuild bundle (no TypeScript compiled at start), answers --version, and exit codes reach the shell', () => {
    const bin = resolve(import.meta.dirname, '../bin/ferry.mjs');
    const version = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
    expect(version.status).toBe(0);
    expect(version.stdout).toBe('ferry 0.1.0\n');
    const bundle = resolve(import.meta.dirname, '../../../dist/apps/cli/main.js');
    expect(readFileSync(bundle, 'utf8')).toContain('ferry ${');
    expect(readFileSync(resolve(import.meta.dirname, '../bin/ferry.mjs'), 'utf8')).not.toContain('tsx');
    const unknown = spawnSync(process.execPath, [bin, 'fly'], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', FERRY_HOME: home } });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Usage: ferry <command> [options]');
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('ferry <command>');
  });
});

describe('the bundle in the repository', () => {
  it('when it is built again, then chunks of earlier builds are removed once a minute old, and the current ones stay', async () => {
    const { removeStaleChunks } = (await import(new URL('../bin/cli-bundle.mjs', import.meta.url).href)) as { removeStaleChunks: (dir: string, current: string[], options?: { now?: number }) => void };
    const dir = mkdtempSync(join(tmpdir(), 'cli-chunks-'));
    try {
      for (const name of ['run-cli-OLD.js', 'run-cli-NEW.js', 'run-cli-JUST.js']) writeFileSync(join(dir, name), '');
      const now = Date.now();
      utimesSync(join(dir, 'run-cli-OLD.js'), new Date(now - 120_000), new Date(now - 120_000));
      utimesSync(join(dir, 'run-cli-NEW.js'), new Date(now - 120_000), new Date(now - 120_000));
      removeStaleChunks(dir, ['run-cli-NEW.js'], { now });
      // The old build's chunk older than a minute goes; a chunk this build wrote stays whatever its age; a younger one waits.
      expect(readdirSync(dir).sort()).toEqual(['run-cli-JUST.js', 'run-cli-NEW.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
