import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from './listen';

interface Reply {
  status: number;
  body: string;
  connection: string | undefined;
}

function get(port: number, path: string, agent?: Agent): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listen', () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('when port 0 is asked for, then it resolves with the real bound port and serves requests', async () => {
    running = await listen((_req, res) => res.end('hi'), 0, '127.0.0.1');
    expect(running.port).toBeGreaterThan(0);
    expect(await get(running.port, '/')).toMatchObject({ status: 200, body: 'hi' });
  });

  it('when the port is taken, then it rejects', async () => {
    running = await listen((_req, res) => res.end('hi'), 0, '127.0.0.1');
    await expect(listen((_req, res) => res.end('hi'), running.port, '127.0.0.1')).rejects.toThrow(/EADDRINUSE/);
  });

  it('when close is called during a request, then the request completes and close waits for it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started: () => void = () => undefined;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    running = await listen(async (_req, res) => {
      started();
      await gate;
      res.end('slow done');
    }, 0, '127.0.0.1');
    const agent = new Agent({ keepAlive: true });
    const inFlight = get(running.port, '/', agent);
    await hasStarted;

    let isClosed = false;
    const closing = running.close().then(() => (isClosed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isClosed).toBe(false);

    release();
    const reply = await inFlight;
    expect(reply).toMatchObject({ status: 200, body: 'slow done', connection: 'close' });
    await closing;
    expect(isClosed).toBe(true);
    agent.destroy();
  });

  it('when an idle keep-alive connection is open, then close does not wait for it', async () => {
    running = await listen((_req, res) => res.end('hi'), 0, '127.0.0.1');
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    await get(running.port, '/', agent);
    const startedAt = Date.now();
    await running.close();
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(running.server.listening).toBe(false);
    agent.destroy();
  });

  it('when close is called twice, then both calls resolve', async () => {
    running = await listen((_req, res) => res.end('hi'), 0, '127.0.0.1');
    await expect(Promise.all([running.close(), running.close()])).resolves.toBeDefined();
  });
});
