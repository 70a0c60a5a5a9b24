import { expect, test } from '@playwright/test';
import { chooseLanguage } from '../support/language';
import { screen } from '../support/screens';
import { openPage } from '../support/prerendered';

test('the home page loads, and Send a file now reveals the quick-send panel in the hero', async ({ page }) => {
  await openPage(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send big files anywhere, and know when they arrive');
  await expect(page).toHaveTitle('Ferry: send big files to China, Asia, the Middle East and Europe');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(page.locator('details')).toHaveCount(7);
  await screen(page, 'home-en');

  const panel = page.getByRole('region', { name: 'Send a file' });
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: 'Send a file now' }).click();
  await expect(panel).toBeVisible();
  await expect(panel.locator('section, form').first()).toBeVisible();
  await expect(panel).toBeFocused();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screen(page, 'home-quick-send');
});

test('?send=1 opens the quick-send panel directly, over the prerendered page without a hydration error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/?send=1');
  expect(await response?.text()).toContain('data-prerendered="en"');
  await expect(page.getByRole('region', { name: 'Send a file' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Send a file' }).getByRole('button', { name: 'Add files' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('pricing lists Free, Personal, Pro and Business, toggles yearly and highlights ?plan', async ({ page }) => {
  await openPage(page, '/pricing?plan=free');
  await expect(page).toHaveTitle('Pricing · Ferry');
  const plans = page.getByRole('region', { name: 'Plans' });
  for (const name of ['Free', 'Personal', 'Pro', 'Business']) {
    await expect(plans.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(plans.getByText('Your selection')).toBeVisible();
  const buttons = plans.getByRole('link', { name: /^Start/ });
  await expect(buttons).toHaveCount(4);
  await expect(buttons.nth(0)).toHaveAttribute('href', '/register?plan=Free');
  await expect(buttons.nth(2)).toHaveAttribute('href', '/register?plan=PRM');
  await expect(plans.getByText('$29')).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Geolocation metadata');
  await screen(page, 'pricing');

  await page.locator('label', { hasText: 'Yearly' }).click();
  await expect(page.getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(plans.getByText('$228')).toBeVisible();
  await expect(buttons.nth(3)).toHaveAttribute('href', '/register?plan=BY');
});

test('the Features dropdown leads to a feature page; an unknown feature is not found', async ({ page }) => {
  await openPage(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Features' }).click();
  await nav.getByRole('link', { name: /Vendor document tracking/ }).click();
  await expect(page).toHaveURL(/\/product\/supplier-document-tracking$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Collect documents from suppliers without chasing them');
  await expect(nav.getByRole('button', { name: 'Features' })).toHaveAttribute('aria-expanded', 'false');
  await screen(page, 'feature-page');

  const response = await page.goto('/product/teleportation');
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This could be our fault, but that page isn't here.")).toBeVisible();
});

test('the China marketing page renders, its old path redirects, and it ends with Try free for 7-days', async ({ page }) => {
  await page.goto('/how-to-send-big-files-to-china');
  await expect(page).toHaveURL(/\/transfer-files-to-china$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send big files to China quickly and reliably');
  await expect(page.getByText('Hangzhou', { exact: true })).toBeVisible();
  const prompt = page.getByRole('link', { name: 'Try free for 7-days' }).last();
  await expect(prompt).toHaveAttribute('href', '/pricing?plan=free');
  await screen(page, 'china-page');
  await prompt.click();
  await expect(page).toHaveURL(/\/pricing\?plan=free$/);
});

test('the Chinese interface shows the home page in Chinese, and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  const select = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
  await expect(select.locator('option', { hasText: '中文' })).toHaveAttribute('value', 'zh');
  await chooseLanguage(page, 'zh', select);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('大文件发往世界各地，送达即知');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('大文件发往世界各地，送达即知');
  await expect(page.getByRole('banner').getByRole('link', { name: '登录' })).toBeVisible();
  await expect(page.getByRole('button', { name: '立即发送文件' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('隐私政策');
  await screen(page, 'home-zh');
});

test('the other public pages render their heading and set the tab title', async ({ page }) => {
  const pages: Array<[string, string, string, string]> = [
    ['/about', 'We help businesses move big files across borders', 'About · Ferry', 'about'],
    ['/updates', "What's new in Ferry", "What's new · Ferry", 'updates'],
    ['/roadmap', "What we're building", 'Roadmap · Ferry', 'roadmap'],
    ['/support', 'How can we help?', 'Help center · Ferry', 'support'],
    ['/support?article=sending', 'Sending files', 'Sending files · Ferry', 'support-article'],
    ['/affiliate-program', 'Recommend Ferry and earn with every customer you bring', 'Affiliate program · Ferry', 'affiliate'],
    ['/thankyou', "Thank you, you're all set!", 'Thank you · Ferry', 'thankyou'],
    ['/thankyou2', "Thanks, we've got it!", 'Thank you · Ferry', 'thankyou2'],
    ['/lifetime-deal', 'Welcome, lifetime-deal customer', 'Lifetime deal · Ferry', 'lifetime-deal'],
    ['/china-trade-fairs', 'When the trade fair is closed, keep sourcing moving', 'When China trade fairs close · Ferry', 'trade-fairs'],
    ['/vs/wetransfer', 'Send big files without the email limits', 'Send big files · Ferry', 'send-big-files'],
  ];
  for (const [path, heading, title, shot] of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(title);
    await screen(page, `page-${shot}`);
  }
});

test('the footer opens the contact panel and links privacy and terms', async ({ page }) => {
  await openPage(page, '/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/support?article=privacy');
  await footer.getByRole('button', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Talk to us' });
  await expect(dialog.getByRole('link', { name: 'support@ferry.example' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await footer.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
});

test.describe('on a 390px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens from its toggle with About, Login and Try free', async ({ page }) => {
    await openPage(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('details')).toHaveCount(7);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Try free' })).toBeHidden();
    await screen(page, 'home-mobile');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(menu.getByRole('link', { name: 'Try free' })).toHaveAttribute('href', '/pricing?plan=free');
    await page.screenshot({ path: new URL('../test-output/screenshots/mobile-menu.png', import.meta.url).pathname });
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toHaveCount(0);
  });
});
