import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { registerAccount, type TestAccount } from '../support/accounts';
import { FERRY_URL } from '../support/e2e-env';
import { pngImage } from '../support/png';
import { screen } from '../support/screens';

/** A logo: a white square beside a block of the accent colour. */
const LOGO = pngImage(180, 60, (x) => (x < 60 ? [255, 255, 255] : [194, 65, 12]));
// A busy machine: registration, the trial and the logins each take their time.
test.describe.configure({ timeout: 300_000 });

const PICTURE = /\/api\/v1\/public\/pictures\/[0-9a-f-]{36}$/;

/** A link transfer of one small file sent through the API as the account (the dashboard's quick send does the same). */
async function sendLinkTransfer(account: TestAccount): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
  const login = await api.post('/api/v1/auth/login', { data: account });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const bytes = Buffer.from('PO 4471: 240 cartons');
  const created = await api.post('/api/v1/transfers', { headers, data: { sendAs: 'link', files: [{ name: 'po-4471.txt', size: bytes.length }] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug, uploads } = (await created.json()) as { id: string; slug: string; uploads: Array<{ uploadToken: string; single: { url: string; headers: Record<string, string> } }> };
  const put = await api.put(uploads[0]!.single.url, { headers: uploads[0]!.single.headers, data: bytes });
  expect(put.status()).toBe(200);
  expect((await api.post(`/api/v1/transfers/${id}/complete`, { headers, data: { uploads: [{ uploadToken: uploads[0]!.uploadToken }] } })).status()).toBe(200);
  await api.dispose();
  return slug;
}

/**
 * As `logIn`, for a busy machine: the prerendered login page takes a while to hydrate (a password
 * typed before that is dropped by React), and the password hash takes its time.
 */
async function logIn(page: Page, account: TestAccount): Promise<void> {
  await page.goto(`/login?user=${encodeURIComponent(account.email)}`);
  const login = page.getByRole('button', { name: 'Login' });
  await expect(async () => {
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await expect(login).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await login.click();
  await expect(page).toHaveURL(/\/dash$/, { timeout: 60_000 });
}

async function expectLoaded(page: Page, selector: string) {
  await expect.poll(() => page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

test('a company logo uploaded on the profile shows on the login screen after logout and on the download page, with the accent colour', async ({ page, browser }) => {
  const account = await registerAccount('brand', { fullName: 'Mei Lin', company: 'Harbour Textiles', plan: 'PRM' });
  await logIn(page, account);

  // Profile: the logo goes straight to storage; the preview shows the kept picture.
  await page.goto('/dash/account/profile');
  await page.getByLabel('Company logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(page.getByRole('img', { name: 'Your company logo' })).toHaveAttribute('src', PICTURE);
  await expectLoaded(page, 'img[alt="Your company logo"]');
  // A file that is not an image is refused before it is sent.
  await page.getByLabel('Profile picture').setInputFiles({ name: 'notes.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(page.getByRole('alert')).toHaveText('This is not a PNG, JPEG or WebP image.');
  await screen(page, 'branding-profile');

  // Customize: the accent colour, typed as hex and saved by keyboard.
  await page.goto('/dash/account/customize');
  const hex = page.getByLabel('Accent colour', { exact: true });
  await hex.fill('#c2410');
  await expect(page.getByText('Enter a hex colour like #0b5cff.')).toBeVisible();
  await hex.fill('#C2410C');
  await hex.press('Enter');
  await expect(page.getByText('Brand saved')).toBeVisible();
  await screen(page, 'branding-customize');
  await page.goto('/dash/account/powered-by');
  await expect(page.getByRole('heading', { name: "Hide 'Powered by Ferry'" })).toBeVisible();
  await screen(page, 'branding-powered-by-pro');

  const slug = await sendLinkTransfer(account);

  // Logout: this browser's login screen shows the company's logo.
  await page.goto('/dash');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await expect(page.getByRole('img', { name: 'Harbour Textiles' })).toHaveAttribute('src', PICTURE);
  await expectLoaded(page, 'img.company-logo');
  await screen(page, 'branding-login');

  // A recipient (another browser) sees the logo and the accent colour on the download page.
  const recipient = await browser.newContext();
  const download = await recipient.newPage();
  await download.goto(`/w/${slug}`);
  await expect(download.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(download.getByRole('img', { name: 'Company logo' })).toHaveAttribute('src', PICTURE);
  await expectLoaded(download, '.brand-frame__logo img');
  await expect(download.locator('.download-all')).toHaveCSS('background-color', 'rgb(194, 65, 12)');
  await expect(download.getByRole('link', { name: 'Powered by Ferry' })).toBeVisible();
  await screen(download, 'branding-download');
  await download.setViewportSize({ width: 390, height: 844 });
  await screen(download, 'branding-download-390');
  // Keyboard: the first Tab stops reach the download button.
  await download.keyboard.press('Tab');
  for (let i = 0; i < 8 && !(await download.locator('.download-all').evaluate((el) => el === document.activeElement)); i++) await download.keyboard.press('Tab');
  await expect(download.locator('.download-all')).toBeFocused();
  await recipient.close();

  const zh = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const zhPage = await zh.newPage();
  await zhPage.addInitScript(() => localStorage.setItem('ferry.lang', 'zh'));
  await zhPage.goto(`/w/${slug}`);
  await expect(zhPage.getByRole('link', { name: '由 Ferry 提供支持' })).toBeVisible();
  await screen(zhPage, 'branding-download-zh-390');
  await zh.close();
});

test('a free account sees the Customize and Powered-by tabs with an upgrade prompt; the tabs work in Chinese at 390 px without sideways scroll', async ({ page }) => {
  const account = await registerAccount('brandfree', { fullName: 'Tomas Reyes', company: 'Reyes Freight' });
  await logIn(page, account);
  await page.goto('/dash/account/customize');
  await expect(page.getByRole('heading', { name: 'Put your brand on every transfer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/dash/account/1');
  await screen(page, 'branding-customize-free');
  await page.goto('/dash/account/powered-by');
  await expect(page.getByRole('heading', { name: "Hide 'Powered by Ferry'" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dash/account/profile');
  await expect(page.getByRole('heading', { name: 'Pictures' })).toBeVisible();
  // Chinese as the browser remembers it (the header's switch sits in the menu at 390 px).
  await page.evaluate(() => localStorage.setItem('ferry.lang', 'zh'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '图片' })).toBeVisible();
  await screen(page, 'branding-profile-zh-390');
  await page.goto('/dash/account/customize');
  await expect(page.getByRole('heading', { name: '在每次传输中展示您的品牌' })).toBeVisible();
  await screen(page, 'branding-customize-free-zh-390');
  await page.goto('/dash/account/powered-by');
  await expect(page.getByRole('heading', { name: '隐藏“由 Ferry 提供支持”' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen(page, 'branding-powered-by-free-zh-390');
});
