import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { registerAccount, type TestAccount } from '../support/accounts';
import { FERRY_URL } from '../support/e2e-env';
import { screen } from '../support/screens';
import { chooseLanguage } from '../support/language';

/** A script's call with the token: the status of GET /api/v1/{path}. */
async function callWith(token: string, path: string): Promise<{ status: number; code?: string }> {
  const api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
  try {
    const res = await api.get(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    return { status: res.status(), code: body.error?.code };
  } finally {
    await api.dispose();
  }
}

/**
 * Signs the page in through the API (the refresh cookie lands in the page's context) and opens
 * Settings, which restores the session as a reload does; the login screen has tests of its own.
 */
async function openSettingsSignedIn(page: Page, account: TestAccount) {
  const res = await page.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('ferry.session', '1'));
  await page.goto('/dash/account/settings');
}

/** The section at 390 px, then in Chinese (desktop and 390 px): screenshots to look at, and nothing wider than the phone. */
async function screenTheSection(page: Page, name: string) {
  const section = page.locator('.api-tokens');
  await section.scrollIntoViewIfNeeded();
  await screen(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, 'zh');
  await expect(section.getByRole('heading', { name: 'API 令牌' })).toBeVisible();
  expect(await section.innerText()).not.toMatch(/\b(Token name|Expires|Revoke|Create token|Last used|Never)\b/);
  await screen(page, `${name}-zh`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen(page, `${name}-zh-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, 'en');
  await expect(section.getByRole('heading', { name: 'API tokens' })).toBeVisible();
}

test('a token is created in Settings by keyboard, shown once, listed with its last use, and revoked: a call with it then fails', async ({ page }) => {
  // Four screenshots and a reload on a machine shared by many runs.
  test.setTimeout(300_000);
  const account = await registerAccount('api-tokens', { fullName: 'Lin Wei', company: 'Pearl River Trading' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSettingsSignedIn(page, account);
  const section = page.locator('.api-tokens');
  // The first load of the account pages is slow on a machine shared by many runs.
  await expect(section.getByText('No tokens yet.')).toBeVisible({ timeout: 45_000 });

  // By keyboard: the name, Tab to the expiry (1 year), Tab to Create token, Enter.
  await section.getByLabel('Token name').focus();
  await page.keyboard.type('CI deploys');
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Expires after')).toBeFocused();
  await expect(section.getByLabel('Expires after')).toHaveValue('90');
  await section.getByLabel('Expires after').selectOption('365');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Create token' })).toBeFocused();
  await page.keyboard.press('Enter');

  // Shown once, with focus on it so it is announced.
  const shown = section.getByRole('region', { name: 'Token “CI deploys” created' });
  await expect(shown).toBeFocused();
  await expect(shown).toContainText('it is shown only this once');
  const token = await shown.getByLabel('Your new API token').inputValue();
  expect(token).toMatch(/^fy_pat_[A-Za-z0-9_-]{43}$/);
  const row = section.getByRole('listitem').filter({ hasText: 'CI deploys' });
  await expect(row).toContainText(token.slice(0, 11));
  await expect(row).toContainText('Never');
  await screen(page, 'api-tokens-created');

  // The token works for transfers, and for nothing of the account.
  expect(await callWith(token, '/transfers')).toMatchObject({ status: 200 });
  expect(await callWith(token, '/me')).toEqual({ status: 403, code: 'TOKEN_SCOPE_DENIED' });

  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(token.slice(11));
  await expect(row).not.toContainText('Never');
  await expect(row).toContainText('Last used');
  await screenTheSection(page, 'api-tokens');

  // Revoke by keyboard: Revoke, the question has "No" focused, Shift+Tab to "Yes, revoke", Enter.
  await row.getByRole('button', { name: 'Revoke CI deploys' }).focus();
  await page.keyboard.press('Enter');
  const question = section.getByRole('alertdialog', { name: 'Revoke “CI deploys”?' });
  await expect(question.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  await screen(page, 'api-tokens-revoke');
  await page.keyboard.press('Shift+Tab');
  await expect(question.getByRole('button', { name: 'Yes, revoke' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Token “CI deploys” revoked')).toBeVisible();
  await expect(section.getByText('No tokens yet.')).toBeVisible();

  expect(await callWith(token, '/transfers')).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
});
