import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatBytes } from '@ferry/plans';
import { logIn, registerAccount } from '../support/accounts';
import { uniqueEmail, waitForMail } from '../support/inbox';
import { screen } from '../support/screens';
import { readStoredZip } from '../support/zip';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Latin words left in the page's own text once the user's data, addresses, links and units are taken out. */
async function englishLeft(page: Page, data: string[]): Promise<string[]> {
  let text = await page.locator('.dash-shell__page').innerText();
  for (const value of data) text = text.split(value).join(' ');
  text = text.replace(/https?:\/\/\S+/g, ' ').replace(/[\w.+-]+@[\w.-]+/g, ' ');
  return (text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !['KB', 'MB', 'GB', 'Ferry'].includes(word));
}

/** The page at desktop and 390 px wide (nothing may scroll sideways there), in the language stored for the app; in Chinese no English is left. */
async function photograph(page: Page, path: string, name: string, lang: 'en' | 'zh', data: string[] = []) {
  await page.evaluate((l) => localStorage.setItem('ferry.lang', l), lang);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.locator('.dash-shell__page h1').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading|加载/ })).toHaveCount(0);
    await screen(page, `${name}-${lang}-${width}`);
    if (lang === 'zh') expect(await englishLeft(page, data), `English left on ${path}`).toEqual([]);
    if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a request created in the dashboard: a recipient uploads on /r/{slug} in another browser, the file appears in the open detail without a reload, downloads byte for byte (alone and in the ZIP), and the request is deleted', async ({ page, browser }) => {
  const account = await registerAccount('dash-requests', { fullName: 'Amira Haddad', company: 'Gulf Trading' });
  await logIn(page, account);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Requests' }).click();
  await expect(page.getByRole('heading', { name: 'No requests yet' })).toBeVisible();

  await page.getByRole('button', { name: 'New request' }).click();
  const form = page.getByRole('form', { name: 'Ask for files' });
  await form.getByLabel('Title').fill('Invoices for March');
  await form.getByLabel('Message (optional)').fill('Please send the scanned invoices');
  await form.getByLabel('Link open for').selectOption({ label: '7 days' });
  await expect(form.getByText(/stored in Hong Kong, your storage region/)).toBeVisible();
  await screen(page, 'inbox-requests-new');
  await form.getByRole('button', { name: 'Create request' }).click();
  const link = await page.getByLabel('Request link').inputValue();
  const slug = /\/r\/([A-Za-z0-9]{7})$/.exec(link)?.[1] ?? '';
  expect(slug, link).toHaveLength(7);
  const row = page.getByRole('list', { name: 'Your requests' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('0 files received')).toBeVisible();
  await expect(row.getByText('Nothing yet')).toBeVisible();

  await page.getByRole('link', { name: 'Open request' }).click();
  await expect(page).toHaveURL(`/dash/requests/${slug}`);
  await expect(page.getByText('No files yet.', { exact: false })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  // The recipient, in a browser of their own, on the request page.
  const invoice = randomBytes(300 * 1024);
  const recipient = await browser.newContext();
  const upload = await recipient.newPage();
  await upload.goto(link);
  await expect(upload.getByRole('heading', { name: 'Invoices for March' })).toBeVisible();
  await upload.getByLabel('Choose files').setInputFiles({ name: 'invoice-march.pdf', mimeType: 'application/pdf', buffer: invoice });
  await upload.getByLabel('Your email (optional)').fill('li@factory.example');
  await upload.getByRole('button', { name: 'Upload files' }).click();
  await expect(upload.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 30_000 });
  const doneAt = Date.now();
  await recipient.close();

  // The open detail shows it, pushed by the SSE alert: the same document, no reload.
  const files = page.getByRole('list', { name: 'Files received' });
  await expect(files.getByText('invoice-march.pdf')).toBeVisible({ timeout: 10_000 });
  console.log(`request upload shown in the open detail ${Date.now() - doneAt} ms after the uploader's page said done`);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(files.getByText('li@factory.example')).toBeVisible();
  await expect(files.getByText(formatBytes(invoice.length))).toBeVisible();
  await expect(page.getByRole('heading', { name: /1 file received/ })).toBeVisible();

  const single = page.waitForEvent('download');
  await files.getByRole('button', { name: 'Download invoice-march.pdf' }).click();
  const file = await single;
  expect(file.suggestedFilename()).toBe('invoice-march.pdf');
  expect(sha256(readFileSync(await file.path()))).toBe(sha256(invoice));

  const all = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all' }).click();
  const zip = readStoredZip(readFileSync(await (await all).path()));
  expect(sha256(zip.get('invoice-march.pdf') ?? Buffer.alloc(0))).toBe(sha256(invoice));

  for (const lang of ['en', 'zh'] as const) {
    await photograph(page, '/dash/requests', 'inbox-requests-list', lang, ['Invoices for March']);
    await photograph(page, `/dash/requests/${slug}`, 'inbox-request-detail', lang, ['Invoices for March', 'Please send the scanned invoices', 'invoice-march.pdf']);
  }
  await page.evaluate(() => localStorage.setItem('ferry.lang', 'en'));
  await page.goto(`/dash/requests/${slug}`);
  await page.getByRole('button', { name: 'Delete request' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Delete “Invoices for March”?');
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page).toHaveURL('/dash/requests');
  await expect(page.getByRole('heading', { name: 'No requests yet' })).toBeVisible();
  await photograph(page, '/dash/requests', 'inbox-requests-empty', 'zh');
  await photograph(page, '/dash/requests', 'inbox-requests-empty', 'en');
});

test('after a send by email the recipient is a contact: listed with the last send, found by search, and one click starts a new transfer to them with the address filled in', async ({ page }) => {
  const account = await registerAccount('dash-contacts', { fullName: 'Li Wei', company: 'Silk Trading' });
  const buyer = uniqueEmail('buyer');
  await logIn(page, account);
  await page.setViewportSize({ width: 1280, height: 900 });

  const panel = page.getByRole('region', { name: 'Quick send' });
  await panel.getByTestId('qs-files').setInputFiles({ name: 'quote.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 quote') });
  await panel.getByRole('button', { name: 'Transfer options' }).click();
  await panel.getByRole('radio', { name: 'Send link via email' }).check();
  await panel.getByLabel('Email to (Enter or , to seperate)').fill(buyer);
  await panel.getByLabel('Email to (Enter or , to seperate)').press('Enter');
  const sentAt = Date.now();
  await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(panel.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 30_000 });
  await waitForMail(buyer, /quote\.pdf|sent you/i, { since: sentAt - 1000 });

  // To the contacts through the side navigation: quick send stays mounted with its finished send.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Contacts' }).click();
  const table = page.getByRole('table', { name: 'Your contacts' });
  const contact = table.getByRole('row').filter({ hasText: buyer });
  await expect(contact).toHaveCount(1);
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
  await expect(contact.getByRole('cell').nth(3)).toContainText(today);
  await screen(page, 'inbox-contacts');

  const search = page.getByLabel('Search contacts');
  await search.fill('nobody-like-this');
  await expect(page.getByText('No contact matches “nobody-like-this”.')).toBeVisible();
  await search.fill(buyer.split('@')[0]!.toUpperCase());
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(contact).toBeVisible();

  await contact.getByRole('button', { name: `Send files to ${buyer}` }).click();
  await expect(page).toHaveURL(/\/dash$/);
  await expect(panel.getByRole('list', { name: 'Recipients' }).getByText(buyer)).toBeVisible();
  await expect(panel.getByText('quote.pdf')).toHaveCount(0);
  await screen(page, 'inbox-contacts-send-to');
  await panel.getByTestId('qs-files').setInputFiles({ name: 'price-list.csv', mimeType: 'text/csv', buffer: Buffer.from('sku,price\nA-17,12.50\n') });
  const againAt = Date.now();
  await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(panel.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 30_000 });
  await waitForMail(buyer, /price-list\.csv|sent you/i, { since: againAt - 1000 });

  for (const lang of ['en', 'zh'] as const) await photograph(page, '/dash/contacts', 'inbox-contacts-list', lang);
});
