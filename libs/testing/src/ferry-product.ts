import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZSessionResponse } from '@ferry/contracts';
import { freePort } from './free-port';
import { startServiceProcess, WORKSPACE_ROOT } from './service-process';
import { waitFor } from './wait-for';

/** The whole product (`npm start`'s launcher) as one OS process: embedded Postgres, in-process bus, local storage and inbox. */
export interface FerryProduct {
  origin: string;
  /** `…/api/v1` */
  api: string;
  inboxUrl: string;
  databaseUrl: string;
  /** The product's process (for benches that read its CPU and memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

interface InboxMail {
  id: string;
  to: Array<{ address: string }>;
}

const npmStartScript = (): string => (JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;

/** The node flags of the root package.json's `start` script (`npm start`), other than its `--import tsx`. */
export function npmStartNodeFlags(): string[] {
  return npmStartScript()
    .replace(/--import\s+tsx/, '')
    .split(/\s+/)
    .filter((token) => /^--[a-z][a-z0-9-]*(=\S+)?$/.test(token));
}

/** The variables the `start` script sets in front of `node` (`NAME=value node …`: glibc's allocator settings). */
export function npmStartEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const token of npmStartScript().split(/\s+/)) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(\S*)$/.exec(token);
    if (!assignment) break;
    env[assignment[1] as string] = assignment[2] as string;
  }
  return env;
}

/** The all-in-one launcher on free ports and a fresh data folder (apps may not import other apps, so it runs as a process). */
export async function startFerryProduct(name: string): Promise<FerryProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), `ferry-${name}-`));
  chmodSync(dataDir, 0o755);
  const [port, pgPort, smtpPort, webPort, storagePort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const proc = startServiceProcess(name, 'apps/all-in-one/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    MAIL_INBOX_SMTP_PORT: String(smtpPort),
    MAIL_INBOX_WEB_PORT: String(webPort),
    STORAGE_PORT: String(storagePort),
    STORAGE_PUBLIC_URL: `http://127.0.0.1:${storagePort}`,
    RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
    ...npmStartEnv(),
  }, npmStartNodeFlags());
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor('the product to answer /readyz', async () => {
      if (proc.child.exitCode !== null) throw new Error(`the product exited with ${proc.child.exitCode}; see test-output/platform-e2e/${name}.log`);
      const res = await fetch(`${origin}/readyz`).catch(() => undefined);
      await res?.body?.cancel();
      return res?.status === 200;
    }, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, api: `${origin}/api/v1`, inboxUrl: `http://localhost:${webPort}`, databaseUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/ferry`, pid: proc.child.pid as number, stop };
}

/** The local payment provider's card that is always accepted. */
const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/**
 * Registers the way a person does (a code by mail from the local inbox, verify, sign up) and, for a
 * paid plan, takes the test card at step 3 and waits until the trial is applied. Answers the user's id.
 */
export async function registerUser(product: FerryProduct, email: string, password: string, plan = 'PRM'): Promise<string> {
  let cookies = '';
  const call = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${product.api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookies ? { cookie: cookies } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '').filter((pair) => pair && !pair.endsWith('='));
    if (set.length) cookies = set.join('; ');
    const text = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : {};
  };
  await call('/auth/email-codes', { email, purpose: 'register' });
  const mail = await waitFor(`the code mail to ${email}`, async () => {
    const body = (await (await fetch(`${product.inboxUrl}/api/email`)).json()) as InboxMail[] | { emails: InboxMail[] };
    return (Array.isArray(body) ? body : body.emails).find((m) => m.to.some((t) => t.address.toLowerCase() === email));
  }, 20_000);
  const full = (await (await fetch(`${product.inboxUrl}/api/email/${mail.id}`)).json()) as { text: string };
  const code = /\b(\d{5})\b/.exec(full.text)?.[1];
  if (!code) throw new Error(`no 5-digit code in: ${full.text}`);
  await call('/auth/email-codes/verify', { email, code, purpose: 'register' });
  const session = ZSessionResponse.parse(await call('/auth/signup', { email, password, fullName: 'Ferry Test', plan }));
  if (plan === 'Free') return session.user.id;
  await call('/billing/checkout', { planCode: plan, card: TEST_CARD }, session.accessToken);
  await waitFor(`the ${plan} trial of ${email}`, async () => ZSessionResponse.parse(await call('/auth/refresh', {})).user.role === plan, 10_000);
  return session.user.id;
}
