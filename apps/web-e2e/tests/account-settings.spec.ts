import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, registerAccount, type TestAccount } from '../support/accounts';
import { E2E_ENV, FERRY_URL } from '../support/e2e-env';
import { listMail } from '../support/inbox';
import { screen } from '../support/screens';
import { chooseLanguage } from '../support/language';

const MONTH_SECONDS = 2_629_746;
const MINUTE = 60_000;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The account's API session (bearer token), as a script would hold it. */
async function apiSession(account: TestAccount): Promise<{ api: APIRequestContext; userId: string }> {
  const login = await playwrightRequest.newContext({ baseURL: FERRY_URL });
  const session = await ok<{ accessToken: string; user: { id: string } }>(await login.post('/api/v1/auth/login', { data: account }), 200);
  await login.dispose();
  const api = await playwrightRequest.newContext({ baseURL: FERRY_URL, extraHTTPHeaders: { authorization: `Bearer ${session.accessToken}` } });
  return { api, userId: session.user.id };
}

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/** Quick send on /dash in link mode with one small file; answers the transfer's slug. */
async function quickSendLink(page: Page, fileName: string): Promise<string> {
  const panel = page.getByRole('region', { name: 'Quick send' });
  await panel.getByTestId('qs-files').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(`${fileName}\n`.repeat(50)) });
  await panel.getByRole('button', { name: 'Get Link' }).click();
  await expect(panel.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 30_000 });
  const link = await panel.getByLabel('Copy download link below').inputValue();
  return link.split('/').pop() as string;
}

test('data residency: the regions show speed bars, Frankfurt is chosen by keyboard, and the next transfer is stored in Frankfurt', async ({ page }) => {
  const account = await registerAccount('residency', { fullName: 'Lena Vogel', company: 'Rhein Logistik', plan: 'PRM' });
  await logIn(page, account);
  await page.goto('/dash/account/data-residency');

  const region = page.getByLabel('Storage location');
  await expect(region).toHaveJSProperty('required', true);
  await expect(region.locator('option[disabled]')).toHaveText('Select a storage location');
  const speeds = page.locator('.residency__speeds');
  // Every region is timed from the browser against its 128 KB object; local regions answer well under 180 ms.
  await expect(speeds.getByRole('img', { name: /of 5 bars/ })).toHaveCount(6, { timeout: 30_000 });
  await expect(speeds.locator('li', { hasText: 'Frankfurt' }).getByRole('img')).toHaveAttribute('aria-label', /^[2-5] of 5 bars \(\d+ ms\)$/);
  await screen(page, 'account-residency');

  await region.selectOption('oss-eu-central-1');
  await region.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('New transfers will be stored in Frankfurt')).toBeVisible();
  await expect(speeds.locator('li.residency__speed--chosen')).toHaveAttribute('data-region', 'oss-eu-central-1');

  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, 'account-residency-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/dash');
  const slug = await quickSendLink(page, 'frankfurt-manifest.txt');

  const { api, userId } = await apiSession(account);
  try {
    const transfer = await ok<{ region: string; files: Array<{ id: string }> }>(await api.get(`/api/v1/transfers/${slug}`), 200);
    expect(transfer.region).toBe('oss-eu-central-1');
    // Locally each region is its own bucket folder of the local driver: the object is in Frankfurt's, not Hong Kong's.
    const objects = join(E2E_ENV.DATA_DIR, 'objects');
    const fileId = transfer.files[0]?.id as string;
    expect(filesBelow(join(objects, 'ferry-eu-central-1', 'objects')).filter((key) => key.includes(userId) && key.includes(fileId))).toHaveLength(1);
    expect(filesBelow(join(objects, 'ferry-cn-hongkong', 'objects')).filter((key) => key.includes(fileId))).toHaveLength(0);
  } finally {
    await api.dispose();
  }
});

test("settings: quick send preselects the new default expiry, and with the download mail switched off a download mails nobody", async ({ page }) => {
  const account = await registerAccount('settings', { fullName: 'Wei Zhang', company: 'Pearl River Trading', plan: 'PRM' });
  const { api } = await apiSession(account);
  const clock = await page.request.get('/api/v1/test-clock');
  expect(clock.status(), 'GET /api/v1/test-clock (FERRY_TEST_CLOCK=1 in E2E_ENV)').toBe(200);
  const { offsetMs } = (await clock.json()) as { offsetMs: number };
  const downloadedMails = async () => (await listMail()).filter((mail) => mail.to.some((to) => to.address === account.email) && /downloaded/i.test(mail.subject));
  /** Ends the download-mail window (5 minutes) on the test clock, then gives the digest job two polls. */
  const endDigestWindow = async () => {
    await ok(await page.request.post('/api/v1/test-clock', { data: { advanceMs: 6 * MINUTE } }), 200);
    await page.waitForTimeout(12_000);
  };

  try {
    await logIn(page, account);
    // With the default (mail on), a download is mailed: the control that makes the last check mean something.
    const before = await quickSendLink(page, 'control.txt');
    await ok(await page.request.post(`/api/v1/public/transfers/${before}/downloads`, { data: { all: true } }), 200);
    await endDigestWindow();
    // Download -> notification -> digest -> SMTP crosses three services: a minute on a busy machine.
    await expect.poll(downloadedMails, { timeout: 60_000 }).toHaveLength(1);

    await page.goto('/dash/account/settings');
    await page.getByLabel('Default expiry').selectOption({ label: '1 Month' });
    const mailSwitch = page.getByLabel('Mail me when a recipient downloads');
    await expect(mailSwitch).toBeChecked();
    await mailSwitch.focus();
    await page.keyboard.press('Space');
    await expect(mailSwitch).not.toBeChecked();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await screen(page, 'account-settings');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, 'account-settings-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/dash');
    const panel = page.getByRole('region', { name: 'Quick send' });
    await expect(panel.getByText('Expires in 1 Month')).toBeVisible();
    await panel.getByRole('button', { name: 'Transfer options' }).click();
    await panel.getByRole('tab', { name: 'Expiry' }).click();
    await expect(panel.getByLabel('Expires after')).toHaveValue(String(MONTH_SECONDS));
    const slug = await quickSendLink(page, 'price-list.txt');
    const sent = await ok<{ expiryDate: number; dateSent: number }>(await api.get(`/api/v1/transfers/${slug}`), 200);
    expect(sent.expiryDate - sent.dateSent).toBe(MONTH_SECONDS * 1000);

    await ok(await page.request.post(`/api/v1/public/transfers/${slug}/downloads`, { data: { all: true } }), 200);
    // The download is in the feed (so it was handled), but no mail comes once the window is over.
    await expect.poll(async () => (await ok<{ items: Array<{ slug: string }> }>(await api.get('/api/v1/notifications'), 200)).items.map((n) => n.slug), { timeout: 20_000 }).toContain(slug);
    await endDigestWindow();
    expect(await downloadedMails()).toHaveLength(1);
  } finally {
    await page.request.post('/api/v1/test-clock', { data: { offsetMs } });
    await api.dispose();
  }
});

test('the settings and data-residency tabs read in Chinese', async ({ page }) => {
  const account = await registerAccount('settings-zh', { fullName: 'Li Na', company: 'Hangzhou Silk', plan: 'PRM' });
  await logIn(page, account);
  await page.goto('/dash/account/profile');
  // The header's language switch (the footer has one too).
  await chooseLanguage(page, 'zh', page.getByRole('banner').getByLabel('Language'));
  await page.goto('/dash/account/settings');
  await expect(page.getByText('传输设置')).toBeVisible();
  await expect(page.getByLabel('收件人下载时给我发邮件')).toBeChecked();
  await screen(page, 'account-settings-zh');
  await page.goto('/dash/account/data-residency');
  await expect(page.getByLabel('存储位置').locator('option[disabled]')).toHaveText('选择存储位置');
  await expect(page.locator('.residency__speeds').getByRole('img', { name: /5 格中的/ })).toHaveCount(6, { timeout: 30_000 });
  await screen(page, 'account-residency-zh');
});
