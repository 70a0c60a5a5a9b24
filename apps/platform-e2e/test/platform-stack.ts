import { randomBytes } from 'node:crypto';
import { TEST_NATS_URL } from '@ferry/bus/testing';
import { createTestDatabase, type TestDatabase } from '@ferry/db/testing';
import { freePort, startServiceProcess, startSmtpInbox, waitFor, type ServiceProcess, type SmtpInbox } from '@ferry/testing';

export interface PlatformStack {
  api: string;
  smtp: SmtpInbox;
  db: TestDatabase;
  env: Record<string, string>;
  processes: Record<'gateway' | 'identity' | 'mail' | 'billing', ServiceProcess>;
  start(name: 'gateway' | 'identity' | 'mail' | 'billing'): ServiceProcess;
  stopAll(): Promise<void>;
}

const ENTRIES = {
  gateway: 'apps/gateway/src/main.ts',
  identity: 'apps/identity/src/main.ts',
  mail: 'apps/mail/src/main.ts',
  billing: 'apps/billing/src/main.ts',
} as const;

/**
 * What every service process of a platform test needs: the suite's database, the machine's NATS,
 * the test's SMTP server, fresh secrets, and free ops ports (several processes share one machine).
 */
export function serviceEnv(db: TestDatabase, smtp: SmtpInbox): Record<string, string> {
  return {
    DATABASE_URL: db.url,
    NATS_URL: TEST_NATS_URL,
    SMTP_URL: smtp.url,
    AUTH_JWT_SECRET: randomBytes(32).toString('hex'),
    EVENT_SEAL_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:8080',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    HEALTH_PORT: '0',
    OPS_PORT: '0',
  };
}

/**
 * Gateway, identity and mail as three OS processes over the real NATS and Postgres, and a real SMTP
 * server. `env` adds to every process's environment (a NATS_PREFIX keeps the stack's durables its own).
 */
export async function startPlatformStack(options: { env?: Record<string, string> } = {}): Promise<PlatformStack> {
  const db = await createTestDatabase('platform');
  const smtp = await startSmtpInbox();
  const port = await freePort();
  const env: Record<string, string> = { ...serviceEnv(db, smtp), PORT: String(port), RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '1000', ...options.env };
  const processes = {} as PlatformStack['processes'];
  const stack: PlatformStack = {
    api: `http://127.0.0.1:${port}/api/v1`,
    smtp,
    db,
    env,
    processes,
    start(name) {
      const proc = startServiceProcess(name, ENTRIES[name], env);
      processes[name] = proc;
      return proc;
    },
    async stopAll() {
      await Promise.all(Object.values(processes).map((p) => p.stop()));
      await smtp.close();
      await db.drop();
    },
  };
  stack.start('identity');
  stack.start('mail');
  stack.start('billing');
  stack.start('gateway');
  // Ready when the gateway answers and identity answers through it.
  await waitFor('gateway and identity to answer', async () => {
    const res = await fetch(`${stack.api}/auth/password-resets/${'x'.repeat(43)}`).catch(() => null);
    return res?.status === 404;
  }, 60_000);
  return stack;
}

/** Loose JSON for assertions: tests read whatever the API answered. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ApiBody = Record<string, any>;

/** A tiny cookie-keeping client, as a browser would be for the refresh cookie. */
export class ApiClient {
  /** Cookies as a browser keeps them for the API (ferry_rt refresh token, ferry_ev verification ticket). */
  readonly jar = new Map<string, string>();
  constructor(private readonly api: string) {}

  /** The refresh cookie, as a `cookie` header value, or null. */
  get cookie(): string | null {
    const value = this.jar.get('ferry_rt');
    return value ? `ferry_rt=${value}` : null;
  }

  set cookie(value: string | null) {
    if (value) this.jar.set('ferry_rt', value.replace(/^ferry_rt=/, ''));
    else this.jar.delete('ferry_rt');
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookieHeader = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(`${this.api}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as ApiBody) : null, setCookie: setCookies.join('\n') || null };
  }
}

export async function waitForMail(smtp: SmtpInbox, to: string, count = 1) {
  return smtp.waitForMailsTo(to, count, 20_000);
}

export function codeFrom(text: string | undefined = ''): string {
  const code = /\b(\d{5})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 5-digit code in: ${text}`);
  return code;
}
