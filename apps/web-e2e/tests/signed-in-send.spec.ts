import { writeFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { registerAccount } from '../support/accounts';
import { FERRY_URL } from '../support/e2e-env';
import { codeIn, uniqueEmail, waitForMail } from '../support/inbox';
import { screen } from '../support/screens';

test('a free user signs in, sees only 1 Week expiry, gets a link and the link opens the download page', async ({ page }) => {
  const email = uniqueEmail('free-user');
  const password = 'silk-road-2026';
  const api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
  const since = Date.now();
  expect((await api.post('/api/v1/auth/email-codes', { data: { email, purpose: 'register' } })).status()).toBe(202);
  const code = codeIn(await waitForMail(email, /code/i, { since }));
  expect((await api.post('/api/v1/auth/email-codes/verify', { data: { email, code, purpose: 'register' } })).status()).toBe(200);
  expect((await api.post('/api/v1/auth/signup', { data: { email, password, fullName: 'Karim Nasser', company: 'Gulf Textiles', plan: 'Free' } })).status()).toBe(201);
  await api.dispose();

  await page.goto(`/login?user=${encodeURIComponent(email)}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dash/);

  const panel = page.getByRole('region', { name: 'Quick send' });
  await panel.getByTestId('qs-files').setInputFiles({ name: 'fabric-swatches.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 swatches') });
  await panel.getByRole('button', { name: 'Transfer options' }).click();
  await expect(panel.getByRole('radio', { name: 'Copy link' })).toBeChecked();
  await panel.getByRole('tab', { name: 'Expiry' }).click();
  const expiry = panel.getByLabel('Expires after');
  await expect(expiry.locator('option:not([disabled])')).toHaveText(['1 Week']);
  await expect(expiry.locator('option[disabled]')).toHaveText(['1 Month', '3 Months', '1 Year', 'Custom Date']);
  await panel.getByRole('tab', { name: 'Password' }).click();
  await panel.getByLabel('Password for recipients').fill('abc');
  // Send is aria-disabled while the form is invalid; pressing it anyway points at what is missing.
  const getLink = panel.getByRole('button', { name: 'Get Link' });
  await expect(getLink).toHaveAttribute('aria-disabled', 'true');
  await getLink.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('The password needs at least 4 characters')).toBeVisible();
  await panel.getByLabel('Password for recipients').fill('abcd');
  await expect(panel.getByText('Password set')).toBeVisible();
  await screen(page, 'quick-send-signed-in-options');
  await panel.getByRole('button', { name: 'Get Link' }).click();

  await expect(panel.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 30_000 });
  const link = panel.getByLabel('Copy download link below');
  await expect(link).toHaveValue(new RegExp(`^${FERRY_URL}/(d|w)/[A-Za-z0-9]{7}$`));
  await expect(panel.getByRole('button', { name: 'Send Another?' })).toBeVisible();
  await screen(page, 'quick-send-link-done');

  await page.goto(await link.inputValue());
  await page.getByLabel(/password/i).first().fill('abcd');
  await page.keyboard.press('Enter');
  await expect(page.getByText('fabric-swatches.pdf')).toBeVisible();
});

test('on a phone, the header keeps its menu button on screen while an upload shows its progress there', async ({ page }, testInfo) => {
  const { email, password } = await registerAccount('phone-upload', { fullName: 'Karim Nasser', company: 'Gulf Textiles' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/login?user=${encodeURIComponent(email)}`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dash/);
  // Parts wait before they go, so the upload is still running when the header is measured.
  await page.route(/[?&]partNumber=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const panel = page.getByRole('region', { name: 'Quick send' });
  // 60 MB: a multipart upload (Playwright takes buffers of at most 50 MB, so it goes through a file).
  const file = testInfo.outputPath('samples.bin');
  writeFileSync(file, Buffer.alloc(60 * 1024 * 1024, 1));
  await panel.getByTestId('qs-files').setInputFiles(file);
  await panel.getByRole('button', { name: 'Get Link' }).click();
  const mini = page.getByRole('banner').getByRole('link', { name: /^Uploading \d+%$/ });
  await expect(mini).toBeVisible({ timeout: 15_000 });
  const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  const box = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await screen(page, 'upload-mini-phone');
  await expect(panel.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 60_000 });
});
