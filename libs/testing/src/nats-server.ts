import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

export interface LocalNatsServer {
  /** nats://127.0.0.1:<port> */
  url: string;
  /** The server_name the config gave it. */
  name: string;
  /** SIGKILLs the server (a node lost, not a clean shutdown). */
  kill(): Promise<void>;
}

export interface NatsServerOptions {
  /** Config text after `listen`/`jetstream`/`server_name` (auth, TLS, cluster…); `{{dir}}` is the server's own folder. */
  config?: string;
  name?: string;
  /** The client port, when the caller already picked it (a cluster's routes need them first). */
  port?: number;
  /** Environment of the server process (values the config refers to as `$NAME`). */
  env?: Record<string, string>;
}

const NATS_SERVER_BIN = process.env['NATS_SERVER_BIN'] ?? 'nats-server';

async function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Starts a nats-server with JetStream in a folder of its own, from a generated config file; resolves once it listens. */
export async function startNatsServer(options: NatsServerOptions = {}): Promise<LocalNatsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-nats-'));
  const port = options.port ?? (await freePort());
  const name = options.name ?? `n${port}`;
  const config = [
    `server_name: ${name}`,
    `listen: "127.0.0.1:${port}"`,
    `jetstream { store_dir: "${join(dir, 'js')}" }`,
    (options.config ?? '').replaceAll('{{dir}}', dir),
  ].join('\n');
  writeFileSync(join(dir, 'nats.conf'), config);
  const child: ChildProcess = spawn(NATS_SERVER_BIN, ['-c', join(dir, 'nats.conf')], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...options.env } });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(`nats-server ${name} to listen on ${port}`, async () => {
    if (child.exitCode !== null) throw new Error(`nats-server ${name} exited: ${stderr}`);
    return isListening(port);
  }, 10_000);
  return {
    url: `nats://127.0.0.1:${port}`,
    name,
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Three JetStream nodes clustered over routes (cluster `ferry`), the way k8s/base/nats.yaml runs them. */
export async function startNatsCluster(size = 3, extraConfig = ''): Promise<LocalNatsServer[]> {
  const ports = await Promise.all(Array.from({ length: size }, async () => ({ client: await freePort(), route: await freePort() })));
  const routes = ports.map((p) => `nats://127.0.0.1:${p.route}`);
  return Promise.all(
    ports.map((p, i) =>
      startNatsServer({
        name: `ferry-${i}`,
        port: p.client,
        config: `cluster { name: ferry, listen: "127.0.0.1:${p.route}", routes: [${routes.filter((_, j) => j !== i).join(', ')}] }\n${extraConfig}`,
      }),
    ),
  );
}
