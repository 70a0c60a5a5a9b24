import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { FERRY_URL } from './e2e-env';
import { codeIn, uniqueEmail, waitForMail } from './inbox';

export interface TestAccount {
  email: string;
  password: string;
}

/** Registers through the API as the register page does (the code comes from the local inbox). */
export async function registerAccount(name: string, profile: { fullName: string; company?: string; plan?: string }): Promise<TestAccount> {
  const email = uniqueEmail(name);
  const password = 'silk-road-2026';
  const api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
  const since = Date.now();
  expect((await api.post('/api/v1/auth/email-codes', { data: { email, purpose: 'register' } })).status()).toBe(202);
  const code = codeIn(await waitForMail(email, /code/i, { since }));
  expect((await api.post('/api/v1/auth/email-codes/verify', { data: { email, code, purpose: 'register' } })).status()).toBe(200);
  const signup = await api.post('/api/v1/auth/signup', { data: { email, password, plan: 'Free', ...profile } });
  expect(signup.status()).toBe(201);
  const plan = profile.plan ?? 'Free';
  if (plan !== 'Free') await startTrial(api, ((await signup.json()) as { accessToken: string }).accessToken, plan);
  await api.dispose();
  return { email, password };
}

/** The local payment provider's card that is always accepted. */
export const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/**
 * Register step 3 through the API: the card starts the paid plan's 7-day trial; returns once identity
 * applied it (a refresh answers the plan as the user's role), so the plan's limits hold.
 */
export async function startTrial(api: APIRequestContext, accessToken: string, plan: string): Promise<string> {
  const checkout = await api.post('/api/v1/billing/checkout', { data: { planCode: plan, card: TEST_CARD }, headers: { authorization: `Bearer ${accessToken}` } });
  expect(checkout.status()).toBe(200);
  for (let waited = 0; waited < 10_000; waited += 100) {
    const refreshed = await api.post('/api/v1/auth/refresh');
    const body = (await refreshed.json()) as { accessToken: string; user: { role: string } };
    if (refreshed.status() === 200 && body.user.role === plan) return body.accessToken;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${plan} trial was not applied`);
}

/** Logs in on the login page and waits for the dashboard. */
export async function logIn(page: Page, account: TestAccount): Promise<void> {
  await page.goto(`/login?user=${encodeURIComponent(account.email)}`);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  // The dashboard's chunks load before the URL changes: slow on a busy two-core machine.
  await expect(page).toHaveURL(/\/dash$/, { timeout: 60_000 });
}
