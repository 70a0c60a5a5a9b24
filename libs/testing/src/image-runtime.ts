import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from './service-process';

export interface ImageRuntime {
  /** What follows `node` in the image's CMD: its flags, then `main.js`. */
  args: string[];
  nodeEnv: string | undefined;
  /** glibc's allocator settings (`ENV MALLOC_…=…`). */
  malloc: Record<string, string>;
}

/** How deploy/Dockerfile's last stage runs an app (its CMD and ENV lines), for tests and benches that start an app the way the image does. */
export function imageRuntime(root: string = WORKSPACE_ROOT): ImageRuntime {
  const dockerfile = readFileSync(join(root, 'deploy/Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const cmd = [...runtime.matchAll(/^CMD\s+(\[.*\])\s*$/gm)].pop()?.[1];
  const argv = cmd ? (JSON.parse(cmd) as string[]) : [];
  if (argv[0] !== 'node' || argv[argv.length - 1] !== 'main.js') throw new Error(`deploy/Dockerfile: expected CMD ["node", ...flags, "main.js"], found ${cmd ?? 'none'}`);
  const env: Record<string, string> = {};
  for (const line of runtime.matchAll(/^ENV\s+(.*)$/gm)) {
    for (const [, name, value] of (line[1] as string).matchAll(/\b([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name as string] = value as string;
  }
  return { args: argv.slice(1), nodeEnv: env['NODE_ENV'], malloc: Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('MALLOC_'))) };
}
