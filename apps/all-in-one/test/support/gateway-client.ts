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

/** The local payment provider's card that is always accepted. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/**
 * A browser-like client of the gateway at `api` (…/api/v1): JSON calls that keep cookies and,
 * like a browser, send each cookie only to paths under its `Path`.
 */
export function gatewayClient(api: string, bearer?: string) {
  const jar = new Map<string, { value: string; path: string }>();
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const url = new URL(`${api}${path}`);
    const cookies = [...jar]
      .filter(([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(`${cookie.path.replace(/\/$/, '')}/`))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
    const res = await fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookies ? { cookie: cookies } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      if (value) jar.set(name, { value, path });
      else jar.delete(name);
    }
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
  account: { email: string; plan: string; fullName?: string; subscribe?: boolean },
): Promise<{ accessToken: string; user: { id: string } }> {
  const { email, plan } = account;
  const browser = gatewayClient(api);
  await browser.call('POST', '/auth/email-codes', { email, purpose: 'register' });
  const code = await mailedCode(inbox, email, 1);
  expect((await browser.call('POST', '/auth/email-codes/verify', { email, code, purpose: 'register' })).status).toBe(200);
  const signup = await browser.call('POST', '/auth/signup', { email, password: 'correct-horse-1', fullName: account.fullName ?? email.split('@')[0], plan });
  expect(signup.status).toBe(201);
  const session = signup.body as { accessToken: string; user: { id: string } };
  if (plan === 'Free' || account.subscribe === false) return session;
  // Register step 3: the card starts the plan's 7-day trial; its limits hold once identity applied it.
  const paying = gatewayClient(api, session.accessToken);
  const checkout = await paying.call('POST', '/billing/checkout', { planCode: plan, card: TEST_CARD });
  expect(checkout.status).toBe(200);
  for (let waited = 0; waited < 10_000; waited += 50) {
    const refreshed = await browser.call('POST', '/auth/refresh', {});
    const body = refreshed.body as { accessToken: string; user: { id: string; role: string } };
    if (refreshed.status === 200 && body.user.role === plan) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the ${plan} trial of ${email} was not applied`);
}
