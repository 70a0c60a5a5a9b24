import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { FERRY_URL } from '../support/e2e-env';
import { codeIn, linkIn, uniqueEmail, waitForMail } from '../support/inbox';
import { screen } from '../support/screens';
import { chooseLanguage } from '../support/language';

const PASSWORD = 'dhow-harbour-2026';

interface Grant {
  name: string;
  uploadToken: string;
  single: { url: string; headers: Record<string, string> };
}
interface Counts {
  all: number;
  active: number;
  expired: number;
  shared: number;
}

async function ok<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new access token from the refresh cookie `api` holds (one expires with time, the test clock's too). */
async function refreshSession(api: APIRequestContext): Promise<{ accessToken: string; user: { status: string } }> {
  return ok(await api.post('/api/v1/auth/refresh'), 200);
}

/**
 * A Pro account on its 7-day trial (no monthly cap) made through the API — signup, then checkout
 * with the local provider's test card — and an access token that carries the plan. One login
 * less than a person would make, so the feedback widget stays closed.
 */
async function proAccount(api: APIRequestContext, name: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(name);
  const since = Date.now();
  await ok(await api.post('/api/v1/auth/email-codes', { data: { email, purpose: 'register' } }), 202);
  const code = codeIn(await waitForMail(email, /code/i, { since }));
  await ok(await api.post('/api/v1/auth/email-codes/verify', { data: { email, code, purpose: 'register' } }), 200);
  const signup = { email, password: PASSWORD, fullName: 'Layla Haddad', company: 'Dhow Freight', plan: 'PRM' };
  const { accessToken } = await ok<{ accessToken: string }>(await api.post('/api/v1/auth/signup', { data: signup }), 201);
  const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };
  await ok(await api.post('/api/v1/billing/checkout', { headers: { Authorization: `Bearer ${accessToken}` }, data: { planCode: 'PRM', card } }), 200);
  // Identity learns of the trial from billing's event; the refreshed token then carries the Pro plan.
  let token = accessToken;
  await expect
    .poll(async () => {
      const session = await refreshSession(api);
      token = session.accessToken;
      return session.user.status;
    })
    .toBe('trialing');
  return { email, token };
}

/** A live transfer of the given files sent as a link, the way quick send does it: draft, bytes to storage, complete. */
async function sendThroughApi(api: APIRequestContext, token: string, files: Record<string, Buffer>): Promise<{ slug: string }> {
  const headers = { Authorization: `Bearer ${token}` };
  const draft = { sendAs: 'link', files: Object.entries(files).map(([name, bytes]) => ({ name, size: bytes.length, contentType: 'text/plain' })) };
  const created = await ok<{ id: string; slug: string; uploads: Grant[] }>(await api.post('/api/v1/transfers', { headers, data: draft }), 201);
  for (const grant of created.uploads) expect((await api.put(grant.single.url, { headers: grant.single.headers, data: files[grant.name] })).status()).toBe(200);
  await ok(await api.post(`/api/v1/transfers/${created.id}/complete`, { headers, data: { uploads: created.uploads.map((u) => ({ uploadToken: u.uploadToken })) } }), 200);
  return { slug: created.slug };
}

async function apiCounts(api: APIRequestContext, token: string): Promise<Counts> {
  return (await ok<{ counts: Counts }>(await api.get('/api/v1/transfers', { headers: { Authorization: `Bearer ${token}` } }), 200)).counts;
}

async function logIn(page: Page, email: string) {
  await page.goto(`/login?user=${encodeURIComponent(email)}`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dash/);
}

/** The tabs read what GET /transfers counts. */
async function expectTabsToMatch(page: Page, counts: Counts) {
  for (const [tab, label] of [['all', 'All'], ['active', 'Active'], ['expired', 'Expired'], ['shared', 'Shared']] as const) {
    await expect(page.getByRole('tab', { name: `${label} ${counts[tab]}` })).toBeVisible();
  }
}

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
});
test.afterAll(async () => {
  await api.dispose();
});

test('transfers: tabs and counts match the API after sending, extending, restricting and deleting; search finds a file; paging goes past the first page', async ({ page }) => {
  const { email, token } = await proAccount(api, 'transfers-list');
  // 31 transfers through the API (quick, in parallel batches), then one from quick send in the browser.
  for (let batch = 0; batch < 31; batch += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, 31 - batch) }, (_, i) => sendThroughApi(api, token, { [`batch-${String(batch + i).padStart(2, '0')}.txt`]: Buffer.from(`line ${batch + i}\n`) })),
    );
  }
  await logIn(page, email);
  const panel = page.getByRole('region', { name: 'Quick send' });
  await panel.getByTestId('qs-files').setInputFiles({ name: 'harbour-manifest.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 manifest') });
  await panel.getByRole('button', { name: 'Get Link' }).click();
  await expect(panel.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Transfers' }).click();
  await expect(page).toHaveURL(/\/dash\/transfers$/);
  let counts = await apiCounts(api, token);
  expect(counts).toMatchObject({ all: 32, active: 32, expired: 0, shared: 0 });
  await expectTabsToMatch(page, counts);
  const rows = page.getByRole('list', { name: 'Your transfers' }).getByRole('listitem');
  await expect(rows).toHaveCount(30);
  await expect(rows.first()).toContainText('harbour-manifest.pdf');
  await screen(page, 'dash-transfers-list');

  // Paging: 30 a page, the page in the URL (reload and back keep it).
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText('batch-');
  await page.reload();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.goBack();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // Search by a file's name.
  await page.getByRole('searchbox', { name: 'Search transfers' }).fill('manifest');
  await expect(page).toHaveURL(/q=manifest/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('harbour-manifest.pdf');

  // Restrict it from its modal; the modal and the row say so, and so does the API.
  await rows.first().getByRole('link', { name: 'harbour-manifest.pdf' }).click();
  const modal = page.getByRole('dialog', { name: 'harbour-manifest.pdf' });
  await expect(modal.getByText('harbour-manifest.pdf').last()).toBeVisible();
  // Extend it by 48 hours first: the API's expiry moves and the modal shows the new date.
  const find = async (search: string) =>
    (await ok<{ items: { restricted: boolean; expiryDate: number }[] }>(await api.get(`/api/v1/transfers?search=${search}`, { headers: { Authorization: `Bearer ${token}` } }), 200)).items;
  const [before] = await find('manifest');
  await modal.getByRole('button', { name: 'Extend 48 hours' }).click();
  await expect(page.getByText('Link extended for 48 hours')).toBeVisible();
  await expect.poll(async () => (await find('manifest'))[0]?.expiryDate).toBe((before?.expiryDate ?? 0) + 48 * 3600_000);
  await modal.getByRole('button', { name: 'Restrict link' }).click();
  await expect(modal.getByRole('button', { name: 'Enable link again' })).toBeVisible();
  await expect(modal.getByText('Restricted', { exact: true })).toBeVisible();
  await screen(page, 'dash-transfer-modal');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/dash\/transfers\?q=manifest$/);
  await expect(rows.first()).toContainText('Restricted');
  expect((await find('manifest')).map((t) => t.restricted)).toEqual([true]);

  // Delete one after its confirmation: the counts follow the API's.
  await page.getByRole('searchbox', { name: 'Search transfers' }).fill('batch-00');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name: 'batch-00.txt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this transfer?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('No transfers match')).toBeVisible();
  counts = await apiCounts(api, token);
  expect(counts).toMatchObject({ all: 31, active: 31, expired: 0 });
  await expectTabsToMatch(page, counts);
  await screenTheScreens(page);
});

/** The list and the modal at desktop width and 390 px, in English and Chinese (no English left in the Chinese). */
async function screenTheScreens(page: Page) {
  for (const lang of ['en', 'zh'] as const) {
    if (lang === 'zh') await chooseLanguage(page, 'zh');
    for (const [width, suffix] of [[1280, ''], [390, '-390']] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/dash/transfers');
      await expect(page.getByRole('tab', { name: lang === 'en' ? 'All 31' : '全部 31' })).toBeVisible();
      await screen(page, `dash-transfers-list-${lang}${suffix}`);
      await page.getByRole('list', { name: lang === 'en' ? 'Your transfers' : '您的传输' }).getByRole('link').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('button', { name: lang === 'en' ? 'Forward' : '转发' })).toBeVisible();
      await screen(page, `dash-transfer-modal-${lang}${suffix}`);
      if (lang === 'zh') expect(await page.getByRole('dialog').innerText()).not.toMatch(/\b(Files?|Download|Forward|Delete|Restrict|Sent|Expires)\b/);
      await page.keyboard.press('Escape');
    }
  }
  await chooseLanguage(page, 'en');
}

test('add files to a live transfer, then forward two of its files: the new recipient downloads them and the original is unchanged', async ({ page, browser }) => {
  const { email, token } = await proAccount(api, 'transfers-forward');
  const contract = Buffer.from('Charter party: MV Pearl, Jebel Ali to Qingdao\n'.repeat(20));
  const { slug } = await sendThroughApi(api, token, { 'charter-party.txt': contract });
  await logIn(page, email);

  // The modal straight from its address (as a bell entry opens it).
  await page.goto(`/dash/transfers/${slug}`);
  const modal = page.getByRole('dialog', { name: 'charter-party.txt' });
  await expect(modal.getByRole('list', { name: '1 file' })).toBeVisible();
  await modal.getByRole('button', { name: 'Add files' }).click();
  const added = { 'bill-of-lading.txt': Buffer.from('B/L 4471: 18 containers\n'.repeat(30)), 'crew-list.txt': Buffer.from('Master: R. Okafor\n'.repeat(10)) };
  await modal.getByTestId('qs-files').setInputFiles(Object.entries(added).map(([name, buffer]) => ({ name, mimeType: 'text/plain', buffer })));
  await modal.getByRole('button', { name: 'Get Link' }).click();
  await expect(modal.getByText('Your transfer has been updated.')).toBeVisible({ timeout: 30_000 });
  await expect(modal.getByRole('list', { name: '3 files' })).toBeVisible();
  await screen(page, 'dash-transfer-modal-added');

  // Forward two of the three to a new recipient.
  const recipient = uniqueEmail('consignee');
  const since = Date.now();
  await modal.getByRole('button', { name: 'Forward' }).click();
  const forward = modal.getByRole('region', { name: 'Forward files' });
  await forward.getByRole('checkbox', { name: /charter-party\.txt/ }).check();
  await forward.getByRole('checkbox', { name: /bill-of-lading\.txt/ }).check();
  await forward.getByLabel(/Email to/).fill(recipient);
  await forward.getByLabel(/Email to/).press('Enter');
  await screen(page, 'dash-transfer-forward');
  await forward.getByRole('button', { name: 'Forward 2 files' }).click();
  await expect(forward).toBeHidden();

  // The recipient's mail opens the new transfer: the two files, not the third, byte for byte.
  const mail = await waitForMail(recipient, /download|files|sent you/i, { since });
  const guest = await browser.newPage();
  await guest.goto(linkIn(mail, /^\/(downloads|d)\//));
  const files = guest.getByRole('list', { name: 'Files' });
  await expect(files.getByText('charter-party.txt')).toBeVisible();
  await expect(files.getByText('bill-of-lading.txt')).toBeVisible();
  await expect(files.getByText('crew-list.txt')).toHaveCount(0);
  for (const [name, bytes] of [['charter-party.txt', contract], ['bill-of-lading.txt', added['bill-of-lading.txt']]] as const) {
    const download = guest.waitForEvent('download');
    await guest.getByRole('button', { name: `Download ${name}` }).click();
    expect(readFileSync(await (await download).path()).equals(bytes)).toBe(true);
  }
  await guest.close();

  // The original still has its three files and its own slug; the forward is a transfer of its own.
  const original = await ok<{ files: { name: string }[]; total_downloads: number }>(await api.get(`/api/v1/transfers/${slug}`, { headers: { Authorization: `Bearer ${token}` } }), 200);
  expect(original.files.map((f) => f.name).sort()).toEqual(['bill-of-lading.txt', 'charter-party.txt', 'crew-list.txt']);
  expect(original.total_downloads).toBe(0);
  expect((await apiCounts(api, token)).all).toBe(2);

  // Live: a download of the original shows in its open modal without a reload (the bell's SSE alert refreshes it).
  // From Dubai's address when the product trusts one proxy hop (TRUST_PROXY_HOPS); the modal shows the place the API recorded.
  const visitor = await browser.newPage({ extraHTTPHeaders: { 'X-Forwarded-For': '94.200.0.1' } });
  await visitor.goto(`/d/${slug}`);
  const download = visitor.waitForEvent('download');
  await visitor.getByRole('button', { name: 'Download crew-list.txt' }).click();
  await download;
  const log = modal.getByRole('list', { name: 'Downloads (1)' });
  await expect(log).toContainText('crew-list.txt');
  const recorded = await ok<{ downloadLog: { city: string; country_name: string }[] }>(await api.get(`/api/v1/transfers/${slug}`, { headers: { Authorization: `Bearer ${token}` } }), 200);
  const [entry] = recorded.downloadLog;
  const place = [entry?.city, entry?.country_name].filter((p) => p && p !== 'unknown').join(', ');
  await expect(log).toContainText(place || 'Unknown place');
  if (entry?.country_name && entry.country_name !== 'unknown') await expect(log.getByRole('img', { name: entry.country_name })).toBeVisible();
  await visitor.close();
  await screen(page, 'dash-transfer-modal-live-download');
});

test('expiring and expired follow the test clock: Expiring and Unseen narrow Active, then the tabs and counts move to Expired as the API says', async ({ page }) => {
  const clock = await api.get('/api/v1/test-clock');
  // E2E_ENV runs the product with FERRY_TEST_CLOCK=1: without it this test cannot move time, and fails.
  expect(clock.status(), 'GET /api/v1/test-clock (FERRY_TEST_CLOCK=1 in E2E_ENV)').toBe(200);
  const { email, token } = await proAccount(api, 'transfers-expiry');
  await sendThroughApi(api, token, { 'tide-table.txt': Buffer.from('high water 06:12\n') });
  await sendThroughApi(api, token, { 'berth-plan.txt': Buffer.from('berth 7\n') });
  await logIn(page, email);
  try {
    // 5.5 of 7 days later: both are expiring (under 2.2 days left) and unseen.
    await ok(await api.post('/api/v1/test-clock', { data: { advanceMs: 5.5 * 24 * 3600_000 } }), 200);
    await page.goto('/dash/transfers?filter=expiring');
    const rows = page.getByRole('list', { name: 'Your transfers' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Expiring soon');
    await page.getByRole('button', { name: 'Unseen' }).click();
    await expect(page).toHaveURL(/filter=unseen/);
    await expect(rows).toHaveCount(2);
    // Two more days: both expired.
    await ok(await api.post('/api/v1/test-clock', { data: { advanceMs: 2 * 24 * 3600_000 } }), 200);
    await page.goto('/dash/transfers');
    const counts = await apiCounts(api, (await refreshSession(api)).accessToken);
    expect(counts).toMatchObject({ all: 2, active: 0, expired: 2 });
    await expectTabsToMatch(page, counts);
    await page.getByRole('tab', { name: 'Expired 2' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Expired');
  } finally {
    await api.post('/api/v1/test-clock', { data: { offsetMs: 0 } });
  }
});
