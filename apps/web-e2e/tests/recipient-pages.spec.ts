import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { formatBytes } from '@ferry/plans';
import { FERRY_URL } from '../support/e2e-env';
import { codeIn, uniqueEmail, waitForMail } from '../support/inbox';
import { pngImage } from '../support/png';
import { screen } from '../support/screens';
import { chooseLanguage } from '../support/language';

/** A real 96x64 PNG (a colour gradient), so the page has an image to preview. */
const gradientPng = (width = 96, height = 64) => pngImage(width, height, (x, y) => [Math.round((x / width) * 255), Math.round((y / height) * 255), 200]);

interface Grant {
  name: string;
  uploadToken: string;
  single: { url: string; headers: Record<string, string> };
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Proves an email with a code from the inbox, as the quick-send and register screens do (the cookie stays in `api`). */
async function verifyEmail(api: APIRequestContext, email: string, purpose: 'send' | 'register') {
  const since = Date.now();
  await ok(await api.post('/api/v1/auth/email-codes', { data: { email, purpose } }), 202);
  const code = codeIn(await waitForMail(email, /code/i, { since }));
  await ok(await api.post('/api/v1/auth/email-codes/verify', { data: { email, code, purpose } }), 200);
}

const PASSWORD = 'open sesame';
const notes = Buffer.from('Packing list\nA-17  240 cartons\nA-18  120 cartons\n'.repeat(40));
const photo = gradientPng();

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
});
test.afterAll(async () => {
  await api.dispose();
});

test('a password-protected transfer: the gate, a wrong then the right password, the files with a preview, one file downloaded byte for byte', async ({ page }) => {
  // An anonymous sender, as the quick send does it: a 'send' code, the draft with a password, the bytes to storage, complete.
  const sender = uniqueEmail('sender');
  await verifyEmail(api, sender, 'send');
  const created = await ok<{ id: string; slug: string; uploads: Grant[] }>(
    await api.post('/api/v1/transfers', {
      data: {
        sendAs: 'email',
        senderEmail: sender,
        emailTo: [uniqueEmail('buyer')],
        message: 'The packing list and a photo of the crates',
        password: PASSWORD,
        files: [
          { name: 'packing-list.txt', size: notes.length, contentType: 'text/plain' },
          { name: 'crates.png', size: photo.length, contentType: 'image/png' },
        ],
      },
    }),
    201,
  );
  const bytes: Record<string, Buffer> = { 'packing-list.txt': notes, 'crates.png': photo };
  for (const grant of created.uploads) {
    const put = await api.put(grant.single.url, { headers: grant.single.headers, data: bytes[grant.name] });
    expect(put.status()).toBe(200);
  }
  await ok(await api.post(`/api/v1/transfers/${created.id}/complete`, { data: { uploads: created.uploads.map((u) => ({ uploadToken: u.uploadToken })) } }), 200);

  await page.goto(`/d/${created.slug}`);
  await expect(page.getByRole('heading', { name: 'This transfer is protected' })).toBeVisible();
  await expect(page.getByText('packing-list.txt')).toHaveCount(0);
  const password = page.getByLabel('Password');
  await password.fill('not it');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right');
  await screen(page, 'download-password');

  await password.fill(PASSWORD);
  await password.press('Enter');
  await expect(page.getByRole('heading', { name: `${sender} sent you 2 files` })).toBeVisible();
  await expect(page.getByText('The packing list and a photo of the crates')).toBeVisible();
  const files = page.getByRole('list', { name: 'Files' });
  await expect(files.getByText('packing-list.txt')).toBeVisible();
  await expect(files.getByText(formatBytes(notes.length))).toBeVisible();
  // The preview comes from the storage origin (allowed by the CSP) and actually decodes.
  const preview = page.getByRole('img', { name: 'Preview of crates.png' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
  await screen(page, 'download-page');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download packing-list.txt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('packing-list.txt');
  expect(readFileSync(await file.path()).equals(notes)).toBe(true);
  // The password never appears in a URL the page opened.
  expect(page.url()).not.toContain('sesame');

  // The same page in Chinese, without asking for the password again (it is kept in memory).
  await chooseLanguage(page, 'zh');
  await expect(page.getByRole('heading', { name: `${sender} 给您发送了 2 个文件` })).toBeVisible();
  await expect(page.getByRole('button', { name: '全部下载' })).toBeVisible();
  await screen(page, 'download-page-zh');
});

test('an extension link that is invalid or already used says "Link expired / Nothing to see here"', async ({ page }) => {
  await page.goto('/extension/no-such-extension-token');
  await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await expect(page.getByText('Nothing to see here')).toBeVisible();
  await screen(page, 'extension-expired');
});

test('a file request: the uploader sees who asks, adds a file with an email, and it arrives for the requester', async ({ page }) => {
  const requesterEmail = uniqueEmail('requester');
  await verifyEmail(api, requesterEmail, 'register');
  const { accessToken } = await ok<{ accessToken: string }>(
    await api.post('/api/v1/auth/signup', { data: { email: requesterEmail, password: 'correct-horse-1', fullName: 'Amira Haddad', plan: 'Free' } }),
    201,
  );
  const auth = { authorization: `Bearer ${accessToken}` };
  const { slug } = await ok<{ slug: string }>(
    await api.post('/api/v1/requests', { headers: auth, data: { title: 'Invoices for March', message: 'Please send the scanned invoices' } }),
    201,
  );

  await page.goto(`/r/${slug}`);
  await expect(page.getByRole('heading', { name: 'Invoices for March' })).toBeVisible();
  await expect(page.getByText('Amira Haddad is asking you for files')).toBeVisible();
  const dir = mkdtempSync(join(tmpdir(), 'ferry-request-'));
  const invoice = Buffer.from('%PDF-1.4 invoice 2026-03 total 12,400 AED');
  writeFileSync(join(dir, 'invoice-march.pdf'), invoice);
  await page.getByLabel('Choose files').setInputFiles(join(dir, 'invoice-march.pdf'));
  await expect(page.getByRole('list', { name: 'Files to send' }).getByText('invoice-march.pdf')).toBeVisible();
  await page.getByLabel('Your email (optional)').fill('li@factory.example');
  await screen(page, 'request-page');

  await page.getByRole('button', { name: 'Upload files' }).click();
  await expect(page.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Amira Haddad has been told that 1 file arrived.')).toBeVisible();

  const detail = await ok<{ files: Array<{ name: string; size: number; uploaderEmail: string | null }> }>(await api.get(`/api/v1/requests/${slug}`, { headers: auth }), 200);
  expect(detail.files).toEqual([expect.objectContaining({ name: 'invoice-march.pdf', size: invoice.length, uploaderEmail: 'li@factory.example' })]);
});

test('the feedback tab appears after a moment; Send waits for a comment; sending shows the thank-you toast', async ({ page }) => {
  await page.goto('/about');
  const tab = page.getByRole('button', { name: 'Feedback' });
  await expect(tab).toBeVisible({ timeout: 10_000 });
  await tab.click();
  const panel = page.getByRole('dialog', { name: 'How are we doing?' });
  const send = panel.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await panel.getByText('Fantastic').click();
  await expect(panel.getByRole('radio', { name: 'Fantastic' })).toBeChecked();
  await panel.getByLabel('Comments').fill('Downloads to Dubai were quick.');
  await expect(send).toBeEnabled();
  await screen(page, 'feedback');

  const posted = page.waitForResponse((r) => r.url().endsWith('/api/v1/feedback') && r.request().method() === 'POST');
  await send.click();
  expect((await posted).status()).toBe(202);
  await expect(page.getByText('We got your feedback!')).toBeVisible();
  await expect(page.getByText('We will get back to you, Thank you.')).toBeVisible();
  await screen(page, 'feedback-sent');
  await expect(panel).toHaveCount(0);
});
