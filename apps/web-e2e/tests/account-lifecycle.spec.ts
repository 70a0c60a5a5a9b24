import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { logIn, registerAccount } from '../support/accounts';
import { linkIn, waitForMail } from '../support/inbox';
import { screen } from '../support/screens';
import { accessTokenOf, sendTextFile } from '../support/send-file';
import { readStoredZip } from '../support/zip';
import { chooseLanguage } from '../support/language';

const DAY = 86_400_000;

/** The profile tab's lower sections at desktop width, at 390 px and in Chinese: screenshots to look at, nothing wider than the phone. */
async function screenTheSections(page: Page) {
  await screen(page, 'account-lifecycle');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen(page, 'account-lifecycle-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, 'zh');
  await expect(page.getByRole('heading', { name: '删除账户' })).toBeVisible();
  for (const english of ['Change email', 'Change password', 'Export my data', 'Delete account']) await expect(page.getByRole('heading', { name: english })).toHaveCount(0);
  await screen(page, 'account-lifecycle-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen(page, 'account-lifecycle-zh-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
}

test('export my data: the mailed link downloads a ZIP of JSON with the account, the transfer and its downloads, the requests and the contacts', async ({ page }) => {
  test.setTimeout(240_000);
  const account = await registerAccount('lifecycle-export', { fullName: 'Lin Wei', company: 'Canton Textiles', plan: 'PRM' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, account);
  const slug = await sendTextFile(page.request, await accessTokenOf(page), 'packing-list.txt');
  await page.goto('/dash/account/profile');
  await expect(page.getByRole('heading', { name: 'Export my data' })).toBeVisible();
  await screenTheSections(page);

  // By keyboard: focus the button and press Enter.
  const since = Date.now();
  await page.getByRole('button', { name: 'Email me my data' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `A download link will be sent to ${account.email}` })).toBeVisible();

  const mail = await waitForMail(account.email, /data export is ready/i, { since, timeoutMs: 60_000 });
  const link = linkIn(mail, /^\/api\/v1\/exports\//);
  const downloading = page.waitForEvent('download');
  await page.evaluate((href) => {
    window.location.href = href;
  }, link);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ferry-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = readStoredZip(readFileSync(await download.path()));
  expect([...entries.keys()].sort()).toEqual(['account.json', 'contacts.json', 'requests.json', 'transfers.json']);
  expect(JSON.parse(entries.get('account.json')!.toString('utf8'))).toMatchObject({ email: account.email, fullName: 'Lin Wei', company: 'Canton Textiles' });
  const transfers = JSON.parse(entries.get('transfers.json')!.toString('utf8')) as Array<{ slug: string; files: Array<{ name: string }>; downloads: unknown[] }>;
  expect(transfers).toMatchObject([{ slug, files: [{ name: 'packing-list.txt' }], downloads: [] }]);
  expect(JSON.parse(entries.get('requests.json')!.toString('utf8'))).toEqual([]);
  expect(JSON.parse(entries.get('contacts.json')!.toString('utf8'))).toEqual([]);
});

test('delete an account: a confirmation with the password, then after the 14-day grace period its transfer links answer 404', async ({ page }) => {
  test.setTimeout(240_000);
  const account = await registerAccount('lifecycle-delete', { fullName: 'Omar Farouk', plan: 'PRM' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, account);
  const slug = await sendTextFile(page.request, await accessTokenOf(page), 'bill-of-lading.txt');
  expect((await page.request.get(`/api/v1/public/transfers/${slug}`)).status()).toBe(200);
  await page.goto('/dash/account/profile');

  // By keyboard: open the confirmation, type the password, press Enter.
  await page.getByRole('button', { name: 'Delete my account…' }).focus();
  await page.keyboard.press('Enter');
  const confirmation = page.getByRole('form', { name: 'Are you sure?' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByLabel('Your password', { exact: true })).toBeFocused();
  await screen(page, 'account-delete-confirm');
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/login/, { timeout: 60_000 });
  await expect(page.getByText(/Your account will be deleted on/)).toBeVisible();
  await expect(page.getByText('Log in before then to cancel the deletion.')).toBeVisible();
  await screen(page, 'account-delete-scheduled');
  await waitForMail(account.email, /account will be deleted/i, { timeoutMs: 30_000 });

  const before = (await (await page.request.get('/api/v1/test-clock')).json()) as { offsetMs: number };
  try {
    expect((await page.request.post('/api/v1/test-clock', { data: { advanceMs: 14 * DAY + 60_000 } })).status()).toBe(200);
    await expect.poll(async () => (await page.request.get(`/api/v1/public/transfers/${slug}`)).status(), { timeout: 30_000 }).toBe(404);
    await page.goto(`/d/${slug}`);
    await expect(page.getByText("We couldn't find this transfer")).toBeVisible();
    await screen(page, 'account-deleted-link');
    const login = await page.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
    expect(login.status()).toBe(401);
  } finally {
    await page.request.post('/api/v1/test-clock', { data: { offsetMs: before.offsetMs } });
  }
});

test('a login within the grace period cancels the deletion and says so', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await registerAccount('lifecycle-undo', { fullName: 'Sara Khan' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, account);
  const token = await accessTokenOf(page);
  const deletion = await page.request.post('/api/v1/me/deletion', { headers: { Authorization: `Bearer ${token}` }, data: { password: account.password } });
  expect(deletion.status()).toBe(202);
  await page.context().clearCookies();

  await page.goto(`/login?user=${encodeURIComponent(account.email)}`);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dash$/, { timeout: 60_000 });
  await expect(page.getByText('Your account will not be deleted')).toBeVisible();
  await screen(page, 'account-deletion-canceled');
});
