import type { SmtpInbox } from '@ferry/testing';
import { expect } from 'vitest';

export interface Grant {
  fileId: string;
  name: string;
  uploadToken: string;
  single?: { url: string; headers: Record<string, string> };
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export type GatewayClient = ReturnType<typeof gatewayClient>;

/** A browser-like client of the gateway at `api` (…/api/v1): JSON calls that keep cookies. */
export function gatewayClient(api: string, bearer?: string) {
  let cookies = '';
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookies ? { cookie: cookies } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().map((line) => line.split(';')[0] as string).filter((pair) => !pair.endsWith('='));
    if (set.length) cookies = [...cookies.split('; ').filter((c) => c && !set.some((s) => s.split('=')[0] === c.split('=')[0])), ...set].join('; ');
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as unknown };
  };
  return { call };
}

/** PUTs each grant's bytes (single-PUT grants) straight to storage. */
export async function uploadGrants(grants: Grant[], contents: Record<string, string | Buffer>): Promise<void> {
  for (const grant of grants) {
    const res = await fetch(grant.single!.url, { method: 'PUT', headers: grant.single!.headers, body: contents[grant.name] });
    expect(res.status).toBe(200);
  }
}

/** The 5-digit code of the `count`-th mail to `email`. */
export async function mailedCode(inbox: SmtpInbox, email: string, count: number): Promise<string> {
  const mails = await inbox.waitForMailsTo(email, count);
  const code = /\b(\d{5})\b/.exec(mails[count - 1]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}

/** Registers `email` on `plan` through the gateway (code from the inbox) and answers the session. */
export async function signUpThroughGateway(
  api: string,
  inbox: SmtpInbox,
  account: { email: string; plan: string; fullName?: string },
): Promise<{ accessToken: string; user: { id: string } }> {
  const { email, plan } = account;
  const browser = gatewayClient(api);
  await browser.call('POST', '/auth/email-codes', { email, purpose: 'register' });
  const code = await mailedCode(inbox, email, 1);
  expect((await browser.call('POST', '/auth/email-codes/verify', { email, code, purpose: 'register' })).status).toBe(200);
  const signup = await browser.call('POST', '/auth/signup', { email, password: 'correct-horse-1', fullName: account.fullName ?? email.split('@')[0], plan });
  expect(signup.status).toBe(201);
  return signup.body as { accessToken: string; user: { id: string } };
}
