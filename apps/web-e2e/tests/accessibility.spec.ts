import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { logIn, registerAccount } from '../support/accounts';
import { FERRY_URL } from '../support/e2e-env';
import { accessTokenOf, sendTextFile } from '../support/send-file';

/** Every public page of PRODUCT.md section 2 (the prerendered ones and the others a visitor reaches). */
const PUBLIC_PAGES = [
  '/', '/pricing', '/about', '/support', '/updates', '/roadmap', '/affiliate-program', '/lifetime-deal',
  '/product/document-receipts', '/product/supplier-document-tracking', '/product/attachments-organized',
  '/product/dashboard-analytics', '/product/business-intelligence', '/product/works-everywhere',
  '/send-big-files', '/transfer-files-to-china', '/china-trade-fairs', '/login', '/register', '/no-such-page',
];
const DASH_PAGES = ['/dash', '/dash/transfers', '/dash/requests', '/dash/contacts', '/dash/analytics', '/dash/account/profile', '/dash/account/data-residency', '/dash/account/settings'];
const LANGS = ['en', 'zh'] as const;

/** axe's WCAG 2.1 A/AA rules on the page as it is: its serious and critical violations. */
async function seriousViolations(page: Page, what: string): Promise<string[]> {
  await expect(page.locator('.page-loading, [aria-busy="true"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page, what), 'serious or critical accessibility violations').toEqual([]);
}

async function showIn(page: Page, lang: 'en' | 'zh'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('ferry.lang', l), lang);
}

// axe takes seconds per page on two busy cores: 20 public pages, or quick send's three states, need more than the default 2 minutes.
test.describe.configure({ timeout: 360_000 });

for (const lang of LANGS) {
  test(`every public page has no serious accessibility violation (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    await showIn(page, lang);
    const found: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
      found.push(...(await seriousViolations(page, `${path} (${lang})`)));
    }
    // Every page is checked before the test says what it found.
    expect(found, 'serious or critical accessibility violations').toEqual([]);
  });

  test(`quick send's states have no serious accessibility violation (${lang})`, async ({ page }) => {
    await showIn(page, lang);
    await page.goto('/?send=1');
    const files = page.getByTestId('qs-files');
    await expect(files).toBeAttached();
    await expectAccessible(page, `quick send, empty (${lang})`);
    await files.setInputFiles({ name: 'packing-list.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 packing list') });
    await page.locator('button[aria-controls="qs-options"]').click();
    await expectAccessible(page, `quick send, a file and the options (${lang})`);
    // A visitor without an account asking for a link instead of mails: the tour (an alert dialog) offers the plans.
    await page.locator('#qs-options input[type="radio"]').first().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectAccessible(page, `quick send, the error tour (${lang})`);
  });

  test(`the download page has no serious accessibility violation (${lang})`, async ({ page }) => {
    const account = await registerAccount(`a11y-dl-${lang}`, { fullName: 'Ana Ortiz' });
    const api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
    const login = await api.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
    const token = ((await login.json()) as { accessToken: string }).accessToken;
    const slug = await sendTextFile(api, token, 'a11y-notes.txt');
    await api.dispose();
    await showIn(page, lang);
    await page.goto(`/d/${slug}`);
    await expect(page.getByText('a11y-notes.txt').first()).toBeVisible();
    await expectAccessible(page, `download page (${lang})`);
  });

  test(`every dashboard page has no serious accessibility violation (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    const account = await registerAccount(`a11y-dash-${lang}`, { fullName: 'Wang Fang', company: 'Silk Road Trading' });
    await logIn(page, account);
    await sendTextFile(page.request, await accessTokenOf(page), 'a11y-dash.txt');
    await page.evaluate((l) => localStorage.setItem('ferry.lang', l), lang);
    const found: string[] = [];
    for (const path of DASH_PAGES) {
      await page.goto(path);
      await expect(page.locator('.dash-shell__page h1').first()).toBeVisible();
      found.push(...(await seriousViolations(page, `${path} (${lang})`)));
    }
    expect(found, 'serious or critical accessibility violations').toEqual([]);
  });
}
