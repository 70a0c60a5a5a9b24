import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { logIn, registerAccount } from '../support/accounts';
import { E2E_ENV } from '../support/e2e-env';
import { screen } from '../support/screens';

/** Every dashboard page of PRODUCT.md section 2 a signed-in user reaches from the side navigation or the account menu. */
const DASH_PAGES = ['/dash', '/dash/transfers', '/dash/requests', '/dash/contacts', '/dash/analytics', '/dash/account/profile', '/dash/account/data-residency', '/dash/account/settings'];
/** Latin words allowed on a Chinese page: units, file formats, the brand, the command-line tool's name (`ferry`), API and the language's own name. */
const ALLOWED_LATIN = new Set(['KB', 'MB', 'GB', 'TB', 'B', 'Ferry', 'ferry', 'API', 'English', 'ZIP', 'PNG', 'JPEG', 'WebP', 'JSON', 'SHA']);

function objectFiles(bucket: string): string[] {
  const root = join(E2E_ENV.DATA_DIR, 'objects', bucket, 'objects');
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  try {
    return walk(root);
  } catch {
    return [];
  }
}

/** The page's text a user reads (navigation and the page itself), without addresses and the language picker. */
async function latinWordsOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const parts = Array.from(document.querySelectorAll('.dash-nav, .dash-shell__page, .ferry-header')).map((el) => (el as HTMLElement).innerText);
    return parts.join('\n');
  });
  const withoutEmails = text.replace(/[\w.+-]+@[\w.-]+/g, ' ');
  return (withoutEmails.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !ALLOWED_LATIN.has(word));
}

test('a user whose saved region is Frankfurt sends from quick send, and storage keeps the file in the Frankfurt bucket', async ({ page }) => {
  const account = await registerAccount('frankfurt', { fullName: 'Lena Vogel', company: 'Rhein Logistik' });
  await logIn(page, account);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Data residency' }).click();
  await expect(page).toHaveURL(/\/dash\/account\/data-residency$/);
  await page.getByLabel('Storage location').selectOption('oss-eu-central-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('New transfers will be stored in Frankfurt')).toBeVisible();
  await screen(page, 'dash-account-data-residency');

  const before = objectFiles('ferry-eu-central-1').length;
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Home' }).click();
  const panel = page.getByRole('region', { name: 'Quick send' });
  await panel.getByTestId('qs-files').setInputFiles({ name: 'rhein-manifest.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 manifest for Frankfurt') });
  await panel.getByRole('button', { name: 'Transfer options' }).click();
  await panel.getByRole('radio', { name: 'Copy link' }).check();
  await panel.getByRole('button', { name: 'Get Link' }).click();
  await expect(panel.getByRole('heading', { name: "You're all done!" })).toBeVisible({ timeout: 30_000 });

  // The object landed in the Frankfurt bucket of the local driver (DATA_DIR/objects/<bucket>).
  expect(objectFiles('ferry-eu-central-1').length).toBe(before + 1);
  const slug = /\/(?:d|w)\/([A-Za-z0-9]{7})$/.exec(await panel.getByLabel('Copy download link below').inputValue())?.[1];
  const detail = await page.evaluate(async (s) => {
    const token = await fetch('/api/v1/auth/refresh', { method: 'POST', credentials: 'include' }).then((r) => r.json() as Promise<{ accessToken: string }>);
    return fetch(`/api/v1/transfers/${s}`, { headers: { authorization: `Bearer ${token.accessToken}` } }).then((r) => r.json() as Promise<{ region: string }>);
  }, slug);
  expect(detail.region).toBe('oss-eu-central-1');
});

test('the dashboard: side navigation by keyboard, every page at desktop and 390 px in both languages, and no English left in Chinese', async ({ page }) => {
  const account = await registerAccount('dash-shell', { fullName: '王芳', company: '丝路贸易' });
  await logIn(page, account);

  // Keyboard: focus reaches the side navigation and Enter opens a page.
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.getByRole('link', { name: 'Transfers' }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Requests' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dash\/requests$/);
  await expect(nav.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');

  // An unknown dashboard path is the not-found page, inside the dashboard.
  await page.goto('/dash/no-such-page');
  await expect(page.getByText("This could be our fault, but that page isn't here.")).toBeVisible();

  for (const lang of ['en', 'zh'] as const) {
    await page.evaluate((l) => localStorage.setItem('ferry.lang', l), lang);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of DASH_PAGES) {
        await page.goto(path);
        await expect(page.locator('.dash-shell__page h1').first()).toBeVisible();
        // Let the page's data arrive before reading or photographing it.
        await expect(page.locator('.page-loading, [aria-busy="true"]')).toHaveCount(0);
        await page.waitForTimeout(300);
        const name = `dash${path.slice('/dash'.length).replace(/\//g, '-') || '-home'}-${lang}-${width}`;
        await screen(page, name);
        if (lang === 'zh') expect(await latinWordsOn(page), `English left on ${path}`).toEqual([]);
        if (width === 390) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
        }
      }
    }
  }
});
