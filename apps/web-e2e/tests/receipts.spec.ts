import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerAccount, startTrial } from '../support/accounts';
import { FERRY_URL } from '../support/e2e-env';
import { screen } from '../support/screens';
import { sendTextFile } from '../support/send-file';

/** The bytes `sendTextFile` sends for `manifest.txt`. */
const MANIFEST = Buffer.from('manifest.txt: packing list\n');

/** A Pro sender with one live link transfer of `manifest.txt`, sent through the API as quick send does. */
async function senderWithTransfer(api: APIRequestContext): Promise<{ email: string; password: string; slug: string }> {
  const account = await registerAccount('receipts', { fullName: 'Layla Haddad', company: 'Dhow Freight' });
  const login = await api.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(200);
  const token = await startTrial(api, ((await login.json()) as { accessToken: string }).accessToken, 'PRM');
  return { ...account, slug: await sendTextFile(api, token, 'manifest.txt') };
}

async function verifyOnPage(page: Page, receipt: string, file?: { name: string; buffer: Buffer }) {
  await page.goto('/verify');
  await page.getByLabel("Or paste the receipt's JSON").fill(receipt);
  if (file) await page.getByLabel('The file (optional)').setInputFiles({ ...file, mimeType: 'text/plain' });
  await page.getByRole('button', { name: 'Verify' }).click();
}

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
});
test.afterAll(async () => {
  await api.dispose();
});

test('the sender downloads a delivery receipt from the TransferModal; /verify accepts it with the file and rejects an edited copy', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const sender = await senderWithTransfer(api);
  // A recipient in Dubai downloads the file (the product trusts one proxy hop in E2E_ENV).
  const visitor = await browser.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': '94.200.0.1' } });
  await visitor.goto(`/w/${sender.slug}`);
  const fetched = visitor.waitForEvent('download');
  await visitor.getByRole('button', { name: 'Download manifest.txt' }).click();
  await fetched;
  await visitor.close();

  await page.goto(`/login?user=${encodeURIComponent(sender.email)}`);
  await page.getByLabel('Password', { exact: true }).fill(sender.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dash$/, { timeout: 45_000 });
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Transfers' }).click();
  await expect(page).toHaveURL(/\/dash\/transfers$/);
  await page.getByRole('list', { name: 'Your transfers' }).getByRole('link', { name: 'manifest.txt' }).click();
  const modal = page.getByRole('dialog', { name: 'manifest.txt' });
  const log = modal.getByRole('list', { name: 'Downloads (1)' });
  await expect(log).toContainText('manifest.txt');

  const pdf = page.waitForEvent('download');
  await log.getByRole('button', { name: /^Download the delivery receipt of manifest\.txt.* as a PDF$/ }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/^receipt-[0-9a-f-]{36}\.pdf$/);
  expect(readFileSync(await pdfFile.path()).subarray(0, 5).toString()).toBe('%PDF-');

  const json = page.waitForEvent('download');
  await log.getByRole('button', { name: /^Download the signed delivery receipt of manifest\.txt.* as JSON$/ }).click();
  const jsonFile = await json;
  expect(jsonFile.suggestedFilename()).toMatch(/^receipt-[0-9a-f-]{36}\.json$/);
  const receipt = readFileSync(await jsonFile.path(), 'utf8');
  expect(JSON.parse(receipt)).toMatchObject({ receipt: { transfer: { slug: sender.slug }, files: [{ name: 'manifest.txt', size: MANIFEST.length }], sender: { company: 'Dhow Freight' } } });
  await screen(page, 'receipts-transfer-modal');

  // Anyone can check it: genuine, and the file is the one it names.
  await verifyOnPage(page, receipt, { name: 'manifest.txt', buffer: MANIFEST });
  await expect(page.getByRole('heading', { name: 'Genuine receipt' })).toBeVisible();
  await expect(page.getByText('manifest.txt is the file the receipt names (manifest.txt).')).toBeVisible();
  await screen(page, 'verify-genuine');

  // Another file does not match; an edited receipt is not genuine.
  await verifyOnPage(page, receipt, { name: 'other.txt', buffer: Buffer.from('not the manifest') });
  await expect(page.getByText('other.txt is not a file this receipt names: its contents differ.')).toBeVisible();
  const edited = receipt.replace(/"city":\s*"[^"]*"/, '"city":"Rotterdam"').replace(/"recipient":\s*(null|"[^"]*")/, '"recipient":"someone@else.example"');
  expect(edited).not.toBe(receipt);
  await verifyOnPage(page, edited);
  await expect(page.getByRole('heading', { name: 'Not genuine' })).toBeVisible();
  await expect(page.getByText('The receipt was changed after it was signed.')).toBeVisible();
  await screen(page, 'verify-edited');
});

test('the /verify page in Chinese at 390 px, used by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => window.localStorage.setItem('ferry.lang', 'zh'));
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: '验证送达回执' })).toBeVisible();
  await page.getByLabel('或粘贴回执的 JSON').focus();
  await page.keyboard.type('{"receipt": {}}');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: '验证' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: '回执无效' })).toBeVisible();
  await expect(page.getByText('这不是 Ferry 送达回执。')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen(page, 'verify-zh-390');
});
