/**
 * The bare baseline upload-bench.ts compares Ferry against: plain node:http, no framework, no
 * encryption, no hashing. Run as its own process (`node --import tsx baseline-server.ts <dir> <port>`).
 *
 *   POST /files/<name>               creates (or empties) the file
 *   PUT  /files/<name>?offset=<n>    writes the body at that offset, then fdatasync (as Ferry does per part)
 *   GET  /files/<name>               createReadStream(path, { highWaterMark: 1 MiB }) piped to the response,
 *                                    with `Range: bytes=<start>-[<end>]`
 *   GET  /readyz
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';

const [dir, portArg] = process.argv.slice(2);
if (!dir || !portArg) throw new Error('usage: baseline-server.ts <dir> <port>');
const MiB = 1024 * 1024;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://baseline');
  if (url.pathname === '/readyz') {
    res.end('ok');
    return;
  }
  const match = /^\/files\/([\w.-]+)$/.exec(url.pathname);
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  const path = join(dir as string, match[1] as string);

  if (req.method === 'POST') {
    await (await open(path, 'w')).close();
    res.writeHead(204).end();
    return;
  }

  if (req.method === 'PUT') {
    const offset = Number(url.searchParams.get('offset') ?? '0');
    const file = await open(path, 'r+');
    try {
      let position = offset;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        await file.write(chunk, 0, chunk.length, position);
        position += chunk.length;
      }
      await file.datasync();
    } finally {
      await file.close();
    }
    res.writeHead(200, { ETag: '"ok"' }).end();
    return;
  }

  if (req.method === 'GET') {
    const { size } = await stat(path);
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    const end = range && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream', 'Content-Length': String(end - start + 1) };
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    res.writeHead(range ? 206 : 200, headers);
    const body = createReadStream(path, { highWaterMark: MiB, start, end });
    body.on('error', (error) => res.destroy(error));
    body.pipe(res);
    return;
  }

  res.writeHead(405).end();
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    if (res.headersSent) res.destroy(error as Error);
    else res.writeHead(500).end(String(error));
  });
});
server.listen(Number(portArg), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
