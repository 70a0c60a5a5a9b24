import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ENV } from '../support/e2e-env';
import { codeIn, linkIn, uniqueEmail, waitForMail } from '../support/inbox';
import { screen } from '../support/screens';
import { readStoredZip } from '../support/zip';
import { chooseLanguage } from '../support/language';
import { openPage } from '../support/prerendered';

const STORAGE_ORIGIN = `http://localhost:${E2E_ENV.STORAGE_PORT}`;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A folder `site-photos/` with two files (one nested) and a loose file, on disk for the file pickers. */
function sampleFiles() {
  const root = mkdtempSync(join(tmpdir(), 'ferry-qs-'));
  const folder = join(root, 'site-photos');
  mkdirSync(join(folder, 'day-2'), { recursive: true });
  const files = {
    'site-photos/crane.jpg': randomBytes(180_000),
    'site-photos/day-2/inspection.csv': Buffer.from('lot,passed\nA-17,yes\nA-18,no\n'),
    'packing-list.pdf': randomBytes(420_000),
  };
  for (const [path, bytes] of Object.entries(files)) writeFileSync(join(root, path), bytes);
  return { root, folder, loose: join(root, 'packing-list.pdf'), files };
}

async function openQuickSend(page: Page) {
  await openPage(page, '/');
  await page.getByRole('button', { name: /send a file now/i }).first().click();
  await expect(page.getByRole('region', { name: 'Quick send' })).toBeVisible();
}

/** Types the code from the inbox into the verify step (the boxes move focus and auto-submit). */
async function verifyWithInboxCode(page: Page, sender: string, since: number) {
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const code = codeIn(await waitForMail(sender, /code/i, { since }));
  await page.getByRole('textbox', { name: 'Digit 1' }).click();
  await page.keyboard.type(code);
}

test('an anonymous sender sends a folder and a file to two recipients, who download one file and the ZIP with identical bytes', async ({ page }) => {
  const sample = sampleFiles();
  const sender = uniqueEmail('sender');
  const [ann, bob] = [uniqueEmail('ann'), uniqueEmail('bob')];
  await openQuickSend(page);

  await page.getByTestId('qs-folder').setInputFiles(sample.folder);
  await page.getByTestId('qs-files').setInputFiles(sample.loose);
  const list = page.getByRole('list', { name: 'Files to send' });
  await expect(list.getByText('site-photos')).toBeVisible();
  await expect(list.getByText('packing-list.pdf')).toBeVisible();

  const to = page.getByLabel('Email to (Enter or , to seperate)');
  await to.fill(ann);
  await to.press('Enter');
  await to.fill(bob.toUpperCase());
  await to.press('Enter');
  await to.fill(ann);
  await to.press('Enter');
  await expect(page.getByRole('list', { name: 'Recipients' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Your email').fill(sender);
  await screen(page, 'quick-send-filled');

  const since = Date.now();
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await verifyWithInboxCode(page, sender, since);
  await screen(page, 'quick-send-verify');

  await expect(page.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('The download email has been sent to')).toBeVisible();
  await expect(page.getByText("We'll notify you when it's downloaded!")).toBeVisible();
  await screen(page, 'quick-send-done');

  // Bob opens his own link from the mail.
  const mail = await waitForMail(bob, /download|files|sent you/i, { since });
  const link = linkIn(mail, /^\/(downloads|d)\//);
  await page.goto(link);
  await expect(page.getByText('packing-list.pdf')).toBeVisible();
  await screen(page, 'download-page-recipient');

  const one = page.waitForEvent('download');
  await page.getByRole('button', { name: /download packing-list\.pdf/i }).click();
  const file = await one;
  expect(sha256(readFileSync(await file.path()))).toBe(sha256(sample.files['packing-list.pdf']));

  const all = page.waitForEvent('download');
  await page.getByRole('button', { name: /download all/i }).click();
  const zip = readStoredZip(readFileSync(await (await all).path()));
  for (const [path, bytes] of Object.entries(sample.files)) {
    expect(zip.get(path), path).toBeDefined();
    expect(sha256(zip.get(path) as Buffer), path).toBe(sha256(bytes));
  }
});

test('a 60 MB upload interrupted by a reload resumes from its checkpoint and arrives intact', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'ferry-resume-'));
  const bigPath = join(dir, 'factory-walkthrough.mov');
  const big = randomBytes(60 * 1024 * 1024);
  writeFileSync(bigPath, big);
  const sender = uniqueEmail('resumer');
  const recipient = uniqueEmail('buyer');

  // Slow every part down and, once a fifth is up, hold the rest until the reload, so the reload always
  // lands mid-upload however slow the machine is; count the parts each page load sends.
  const partsSent: string[] = [];
  let holdParts = false;
  const held: Array<() => void> = [];
  await page.route(`${STORAGE_ORIGIN}/**`, async (route) => {
    // Parts are POSTs to the local driver (no preflight); a single upload is a PUT.
    if (['PUT', 'POST'].includes(route.request().method())) {
      if (holdParts) {
        await new Promise<void>((release) => held.push(release));
        await route.abort().catch(() => undefined);
        return;
      }
      await new Promise((r) => setTimeout(r, 350));
      partsSent.push(new URL(route.request().url()).searchParams.get('partNumber') ?? 'single');
    }
    await route.continue();
  });

  await openQuickSend(page);
  await page.getByTestId('qs-files').setInputFiles(bigPath);
  const to = page.getByLabel('Email to (Enter or , to seperate)');
  await to.fill(recipient);
  await to.press('Enter');
  await page.getByLabel('Your email').fill(sender);
  const since = Date.now();
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await verifyWithInboxCode(page, sender, since);

  const ring = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(ring).toBeVisible();
  await expect.poll(async () => Number(await ring.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
  holdParts = true;
  await screen(page, 'quick-send-progress');
  const beforeReload = partsSent.length;
  expect(beforeReload).toBeGreaterThan(0);

  await page.reload();
  holdParts = false;
  for (const release of held.splice(0)) release();
  await openQuickSend(page);
  const banner = page.getByRole('region', { name: 'Resume your transfer' });
  await expect(banner).toBeVisible();
  await expect(banner.getByText('You can resume this transfer within 7 days')).toBeVisible();
  await screen(page, 'quick-send-resume');
  partsSent.length = 0;
  await page.getByTestId('qs-files').setInputFiles(bigPath);
  await expect(page.getByTestId('upload-status')).toHaveText(/Resuming Upload...|Transferring.../);
  await expect(page.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 90_000 });
  // 60 MB in 2 MB parts is 30 parts: after the reload only the missing ones were sent.
  expect(partsSent.length).toBeLessThan(30);
  expect(partsSent.length).toBeGreaterThan(0);

  await page.unroute(`${STORAGE_ORIGIN}/**`);
  const mail = await waitForMail(recipient, /download|files|sent you/i, { since });
  await page.goto(linkIn(mail, /^\/(downloads|d)\//));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /download factory-walkthrough\.mov/i }).click();
  expect(sha256(readFileSync(await (await download).path()))).toBe(sha256(big));
});

test('the Chinese interface renders the quick-send panel with no English left', async ({ page }) => {
  await openPage(page, '/');
  await chooseLanguage(page, 'zh');
  await page.goto('/?send=1');
  const panel = page.getByRole('region', { name: '快速发送' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: '传输选项' }).click();
  for (const tab of ['链接', '共享', '有效期', '密码']) {
    await panel.getByRole('tab', { name: tab }).click();
    const text = await panel.innerText();
    // Units and the brand are the only Latin words allowed.
    const english = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !['KB', 'MB', 'GB', 'TB', 'Ferry'].includes(w));
    expect(english, `English left on the ${tab} tab: ${english.join(', ')}`).toEqual([]);
  }
  await panel.getByRole('tab', { name: '有效期' }).click();
  await screen(page, 'quick-send-zh');
});
