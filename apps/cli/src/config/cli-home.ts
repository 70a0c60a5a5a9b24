import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { CliError } from '../cli-error';

export const DEFAULT_API_URL = 'http://localhost:8080/api/v1';

/** A session from `ferry login` with email and password. */
const ZCliSessionConfig = z.object({
  api: z.url(),
  accessToken: z.string().min(1),
  email: z.string(),
  /** The refresh cookie's value, so a session outlives the 15-minute access token. */
  refreshToken: z.string().optional(),
});
/** An API token from `ferry login --token` (created in the web app's Settings); it needs no refresh. */
const ZCliTokenConfig = z.object({ api: z.url(), apiToken: z.string().min(1) });

/** What `ferry login` keeps in `<ferry home>/config.json` (mode 0600: it holds the session or the token). */
export const ZCliConfig = z.union([ZCliSessionConfig, ZCliTokenConfig]);
export type TCliConfig = z.infer<typeof ZCliConfig>;
export type TCliSessionConfig = z.infer<typeof ZCliSessionConfig>;

/** `~/.ferry`, or wherever FERRY_HOME points. */
export function ferryHomeOf(env: Record<string, string | undefined>, homeDir: string): string {
  return env['FERRY_HOME'] || join(homeDir, '.ferry');
}

export function configPathOf(home: string): string {
  return join(home, 'config.json');
}

/** Multipart checkpoints, so an interrupted `ferry upload` resumes. */
export function checkpointsDirOf(home: string): string {
  return join(home, 'checkpoints');
}

/** The API a command talks to: `--api`, then FERRY_API, then the one logged in to, then the local default. */
export function resolveApiUrl(options: { flag?: string; env: Record<string, string | undefined>; config?: TCliConfig }): string {
  const chosen = options.flag || options.env['FERRY_API'] || options.config?.api || DEFAULT_API_URL;
  return normaliseApiUrl(chosen);
}

export function normaliseApiUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError('USAGE', `Not an API URL: ${url}`, { exitCode: 2 });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CliError('USAGE', `The API URL must be http or https: ${url}`, { exitCode: 2 });
  return url.replace(/\/+$/, '');
}

export async function readCliConfig(home: string): Promise<TCliConfig | undefined> {
  let text: string;
  try {
    text = await readFile(configPathOf(home), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = ZCliConfig.safeParse(json);
  if (!parsed.success) throw new CliError('CONFIG_INVALID', `${configPathOf(home)} is not a Ferry config; run \`ferry login\` again`);
  return parsed.data;
}

/** Written to a temporary file created 0600 and renamed, so the session is never readable by others, even briefly. */
export async function writeCliConfig(home: string, config: TCliConfig): Promise<void> {
  await mkdir(home, { recursive: true, mode: 0o700 });
  const path = configPathOf(home);
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
