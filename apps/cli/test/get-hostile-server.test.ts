import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ferry } from './cli-harness';

/** What a hostile or broken server could list: names and folders that point outside the output folder. */
const FILES = [
  { id: 'f-dotdot', name: '..', path: null, disposition: 'attachment; filename=".."' },
  { id: 'f-dot', name: '.', path: null, disposition: 'attachment; filename="."' },
  { id: 'f-up', name: '../../escaped.txt', path: null, disposition: 'attachment; filename="../../escaped.txt"' },
  { id: 'f-win', name: '..\\..\\win.txt', path: '..\\..\\windows', disposition: 'attachment; filename="..\\\\..\\\\win.txt"' },
  { id: 'f-folder', name: 'report.pdf', path: '../../../etc', disposition: 'attachment; filename="report.pdf"' },
  { id: 'f-abs', name: '/tmp/absolute.txt', path: '/abs/olute', disposition: 'attachment; filename="/tmp/absolute.txt"' },
];

async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

describe('ferry get against a server that names files to escape', () => {
  let server: Server;
  let origin: string;
  let root: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/api/v1/public/transfers/Hostile') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ files: FILES.map((f) => ({ id: f.id, name: f.name, path: f.path, size: f.id.length })) }));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/api/v1/public/transfers/Hostile/downloads') {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          const { fileId } = JSON.parse(body) as { fileId: string };
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ url: `${origin}/blob/${fileId}`, expiresAt: new Date().toISOString() }));
        });
        return;
      }
      const file = FILES.find((f) => url.pathname === `/blob/${f.id}`);
      if (req.method === 'GET' && file) {
        res.setHeader('content-disposition', file.disposition);
        res.end(file.id);
        return;
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    root = await mkdtemp(join(tmpdir(), 'ferry-hostile-'));
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
    await rm(root, { recursive: true, force: true });
  });

  it('when the server lists files named .., ., ../x, ..\\x or absolute, in folders that climb out, then everything is written inside -o and nowhere else', async () => {
    const out = join(root, 'a', 'b', 'out');
    await mkdir(out, { recursive: true });
    const home = await mkdtemp(join(root, 'home-'));

    const run = await ferry(['get', `${origin}/d/Hostile`, '-o', out], { home, cwd: root });

    expect(run.stderr).not.toContain('UNSAFE_NAME');
    expect(run.code).toBe(0);
    const written = await listAll(root);
    expect(written.every((path) => path.startsWith(join('a', 'b', 'out') + '/')), written.join(', ')).toBe(true);
    expect(written).toHaveLength(FILES.length);
    const outFiles = await listAll(out);
    const contents = await Promise.all(outFiles.map((path) => readFile(join(out, path), 'utf8')));
    expect(contents.sort()).toEqual(FILES.map((f) => f.id).sort());
    // Unusable names fall back to the link's last segment; folders keep only their plain segments.
    expect(outFiles).toEqual([join('abs', 'olute', 'absolute.txt'), 'escaped.txt', join('etc', 'report.pdf'), 'f-dot', 'f-dotdot', join('windows', 'win.txt')]);
  });
});
