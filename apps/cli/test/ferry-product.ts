import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServiceProcess, waitFor, type ServiceProcess } from '@ferry/testing';

/** The whole product (`npm start`) as one OS process: embedded Postgres, in-process bus, local storage and inbox. */
export interface FerryProduct {
  api: string;
  inboxUrl: string;
  stop(): Promise<void>;
}

interface InboxMail {
  id: string;
  to: Array<{ address: string }>;
}

/** Apps may not import other apps, so the CLI's tests run the all-in-one launcher as a process. */
export async function startFerryProduct(name: string): Promise<FerryProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), `ferry-${name}-`));
  chmodSync(dataDir, 0o755);
  const [port, pgPort, smtpPort, webPort, storagePort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const proc: ServiceProcess = startServiceProcess(name, 'apps/all-in-one/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    MAIL_INBOX_SMTP_PORT: String(smtpPort),
    MAIL_INBOX_WEB_PORT: String(webPort),
    STORAGE_PORT: String(storagePort),
    STORAGE_PUBLIC_URL: `http://127.0.0.1:${storagePort}`,
    LOG_LEVEL: 'warn',
  });
  const api = `http://127.0.0.1:${port}/api/v1`;
  const stop = async () => {
    await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      'the product to answer GET /plans',
      async () => {
        if (proc.child.exitCode !== null) throw new Error(`the product exited with ${proc.child.exitCode}; see test-output/platform-e2e/${name}.log`);
        const res = await fetch(`${api}/plans`).catch(() => undefined);
        await res?.body?.cancel();
        return res?.status === 200;
      },
      90_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { api, inboxUrl: `http://localhost:${webPort}`, stop };
}

/** Registers the way a person does: a code by mail (read from the local inbox), verify, sign up. */
export async function registerUser(product: FerryProduct, email: string, password: string): Promise<void> {
  let cookies = '';
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${product.api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookies ? { cookie: cookies } : {}) },
      body: JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '').filter((pair) => pair && !pair.endsWith('='));
    if (set.length) cookies = set.join('; ');
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  await post('/auth/email-codes', { email, purpose: 'register' });
  const mail = await waitFor(
    `the code mail to ${email}`,
    async () => {
      const body = (await (await fetch(`${product.inboxUrl}/api/email`)).json()) as InboxMail[] | { emails: InboxMail[] };
      const mails = Array.isArray(body) ? body : body.emails;
      return mails.find((m) => m.to.some((t) => t.address.toLowerCase() === email));
    },
    20_000,
  );
  const full = (await (await fetch(`${product.inboxUrl}/api/email/${mail.id}`)).json()) as { text: string };
  const code = /\b(\d{5})\b/.exec(full.text)?.[1];
  if (!code) throw new Error(`no 5-digit code in: ${full.text}`);
  await post('/auth/email-codes/verify', { email, code, purpose: 'register' });
  await post('/auth/signup', { email, password, fullName: 'Ferry CLI' });
}
