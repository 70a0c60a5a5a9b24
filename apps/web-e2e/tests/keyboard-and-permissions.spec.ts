import { expect, test } from '@playwright/test';

test("without microphone permission the sender is told 'Can't get audio permission'", async ({ page }) => {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/?send=1');
  await page.getByRole('region', { name: 'Quick send' }).getByRole('button', { name: 'Record a voice memo' }).click();
  await expect.poll(() => alerts).toEqual(["Can't get audio permission"]);
});

test('the quick-send panel works from the keyboard alone up to the verify step', async ({ page }) => {
  // Listening first: Playwright turns on file-chooser interception without waiting for Chromium, and
  // an Enter pressed right after could open the chooser before it is on (the chooser then never comes).
  const chooser = page.waitForEvent('filechooser');
  await page.goto('/?send=1');
  const panel = page.getByRole('region', { name: 'Quick send' });
  await expect(panel.getByText('or drag and drop files and folders here')).toBeVisible();
  await panel.getByRole('button', { name: 'Add files' }).focus();
  await expect(panel.getByRole('button', { name: 'Add files' })).toBeFocused();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'quote.txt', mimeType: 'text/plain', buffer: Buffer.from('FOB Shenzhen, 1,200 units') });
  await expect(panel.getByText('quote.txt')).toBeVisible();
  await panel.getByLabel('Email to (Enter or , to seperate)').focus();
  await page.keyboard.type('buyer@example.com');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Your email')).toBeFocused();
  await page.keyboard.type('kb-sender@example.com');
  // Options: the cog opens the tabs; arrow keys move between them.
  await panel.getByRole('button', { name: 'Transfer options' }).focus();
  await page.keyboard.press('Enter');
  await panel.getByRole('tab', { name: 'Link' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('tab', { name: 'Expiry' })).toBeFocused();
  await expect(panel.getByRole('tab', { name: 'Expiry' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByRole('button', { name: 'Transfer', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Digit 1' })).toBeFocused();
});
