import { expect, test, type Page } from '@playwright/test';
import { codeIn, uniqueEmail, waitForMail } from '../support/inbox';
import { screen } from '../support/screens';
import { chooseLanguage } from '../support/language';

/** The page's own content, not the header and footer around it (the dashboard's pages have no <main> of their own). */
const main = (page: Page) => page.locator('#main');
const DAY_MS = 24 * 3600_000;

/** Register steps 1 to 3 through the UI with a paid plan; ends on the card step. */
async function registerThroughUi(page: Page, name: string, plan: string): Promise<string> {
  const email = uniqueEmail(name);
  await page.goto(`/register?step=1&plan=${plan}`);
  const since = Date.now();
  await main(page).getByLabel('Work email').fill(email);
  await main(page).getByRole('button', { name: 'Continue' }).click();
  const code = codeIn(await waitForMail(email, /verification code/i, { since }));
  await main(page).getByLabel('Digit 1 of 5').click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(new RegExp(`/register\\?step=3&plan=${plan}$`));
  await main(page).getByLabel('Full name').fill('Grace Hopper');
  await main(page).getByLabel('Password', { exact: true }).fill('cobol-compiler-1959');
  await main(page).getByRole('button', { name: 'Create account' }).click();
  await expect(main(page).getByRole('heading', { name: 'Start your Pro trial' })).toBeVisible();
  return email;
}

/** Types a card into the card form and submits it with the named button. */
async function enterCard(page: Page, number: string, submit: string): Promise<void> {
  await main(page).getByLabel('Card number').fill(number);
  await main(page).getByLabel('Expiry (MM/YY)').fill('12/40');
  await main(page).getByLabel('CVC').fill('123');
  await main(page).getByRole('button', { name: submit }).click();
}

/** Reloads until the locator shows (billing settles the test clock's moves every second). */
async function reloadUntilVisible(page: Page, text: string | RegExp): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(main(page).getByText(text).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Desktop and 390 px screenshots of the current page, in English and Chinese. */
async function screensInBothLanguages(page: Page, name: string): Promise<void> {
  for (const lang of ['en', 'zh']) {
    await page.evaluate((value) => localStorage.setItem('ferry.lang', value), lang);
    for (const [suffix, size] of [['', { width: 1280, height: 900 }], ['-390', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await screen(page, `${name}${lang === 'zh' ? '-zh' : ''}${suffix}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('ferry.lang', 'en'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  // Let the reload's session refresh land: leaving mid-rotation would present a spent refresh token.
  await page.waitForLoadState('networkidle');
}

test('a Pro trial starts with the card at register step 3; a failing card past the trial blocks sending until a new card is added', async ({ page }) => {
  const clock = await page.request.get('/api/v1/test-clock');
  // E2E_ENV runs the product with FERRY_TEST_CLOCK=1: without it this test cannot move time, and fails.
  expect(clock.status(), 'GET /api/v1/test-clock (FERRY_TEST_CLOCK=1 in E2E_ENV)').toBe(200);
  await registerThroughUi(page, 'billing-trial', 'PRY');
  await expect(main(page).getByLabel('Card number')).toBeVisible();
  await screen(page, 'billing-register-step3');
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, 'billing-register-step3-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterCard(page, '4242 4242 4242 4242', 'Start 7-day trial');

  // The trial applies: the dashboard shows Pro's limits (no monthly cap, 200 GB of storage).
  await expect(page).toHaveURL(/\/dash$/);
  await expect(main(page).getByText('(no monthly limit)')).toBeVisible();
  await expect(main(page).getByText(/of 200 GB/)).toBeVisible();

  await page.goto('/dash/account/1');
  await expect(main(page).getByRole('listitem', { name: 'Pro' }).getByText('Current plan')).toBeVisible();
  await screensInBothLanguages(page, 'billing-plan-tab');

  await page.goto('/dash/account/billing');
  await expect(main(page).getByText('Trial', { exact: true })).toBeVisible();
  await expect(main(page).getByText('7 days')).toBeVisible();
  await expect(main(page).getByText('Visa ending in 4242')).toBeVisible();
  await screensInBothLanguages(page, 'billing-tab-trial');

  // A card that is added but whose charges fail.
  await main(page).getByRole('button', { name: 'Replace card' }).click();
  await enterCard(page, '4000 0000 0000 0341', 'Save card');
  await expect(main(page).getByText('Your card is saved.')).toBeVisible();
  await expect(main(page).getByText(/ending in 0341/)).toBeVisible();

  try {
    await expect((await page.request.post('/api/v1/test-clock', { data: { advanceMs: 8 * DAY_MS } })).status()).toBe(200);
    await reloadUntilVisible(page, 'Payment failed');
    await expect(main(page).getByRole('alert')).toContainText('Your trial has expired');
    await screensInBothLanguages(page, 'billing-tab-past-due');

    // Quick send shows the free-limit screen with the reason and the way to fix it.
    await page.goto('/dash');
    await expect(main(page).getByRole('heading', { name: 'Your trial has expired' })).toBeVisible();
    await screen(page, 'billing-quick-send-trial-expired');
    await main(page).getByRole('link', { name: 'Add a card' }).click();
    await expect(page).toHaveURL(/\/dash\/account\/billing$/);

    // A new card: charged at once, active again, sending is unblocked.
    await main(page).getByRole('button', { name: 'Replace card' }).click();
    await enterCard(page, '4242 4242 4242 4242', 'Save card');
    await expect(main(page).getByText('Your card is saved.')).toBeVisible();
    await expect(main(page).getByText('Active', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('table')).toContainText('Paid');
    await page.goto('/dash');
    await expect(main(page).getByText('(no monthly limit)')).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Your trial has expired' })).toHaveCount(0);
  } finally {
    await page.request.post('/api/v1/test-clock', { data: { offsetMs: 0 } });
  }
});

test('a declined card at register step 3 shows the card error and starts no trial', async ({ page }) => {
  await registerThroughUi(page, 'billing-declined', 'PRY');
  await enterCard(page, '4000 0000 0000 0002', 'Start 7-day trial');
  await expect(main(page).getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/register\?step=3&plan=PRY$/);
  await screen(page, 'billing-register-declined');
  await chooseLanguage(page, 'zh', page.getByRole('banner').getByLabel('Language'));
  await expect(main(page).getByRole('alert')).toHaveText('您的银行卡被拒绝。');
  await screen(page, 'billing-register-declined-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, 'billing-register-declined-zh-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('banner').getByLabel('语言').selectOption('en');

  // No trial: the subscription stays 'none' and the user may go on to the dashboard on Free limits.
  const refreshed = await page.request.post('/api/v1/auth/refresh');
  const { accessToken, user } = (await refreshed.json()) as { accessToken: string; user: { role: string } };
  expect(user.role).toBe('Free');
  const subscription = await page.request.get('/api/v1/billing/subscription', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(((await subscription.json()) as { status: string }).status).toBe('none');
  await main(page).getByRole('link', { name: 'Skip, continue on Free' }).click();
  await expect(page).toHaveURL(/\/dash$/);
  await expect(main(page).getByText('0 of 10')).toBeVisible();
});

test('a trial started with the page in Chinese gets its billing mail in Chinese', async ({ page }) => {
  const clock = await page.request.get('/api/v1/test-clock');
  expect(clock.status(), 'GET /api/v1/test-clock (FERRY_TEST_CLOCK=1 in E2E_ENV)').toBe(200);
  const email = await registerThroughUi(page, 'billing-zh-mail', 'PRY');
  await chooseLanguage(page, 'zh', page.getByRole('banner').getByLabel('Language'));
  await main(page).getByLabel('卡号').fill('4242 4242 4242 4242');
  await main(page).getByLabel('有效期（月/年）').fill('12/40');
  await main(page).getByLabel('安全码').fill('123');
  await screen(page, 'billing-register-step3-zh');
  await main(page).getByRole('button', { name: '开始 7 天试用' }).click();
  await expect(page).toHaveURL(/\/dash$/);
  try {
    const since = Date.now();
    await expect((await page.request.post('/api/v1/test-clock', { data: { advanceMs: 5 * DAY_MS + 60_000 } })).status()).toBe(200);
    const mail = await waitForMail(email, /试用将在 2 天后结束/, { since });
    expect(mail.subject).toBe('您的 Ferry 试用将在 2 天后结束');
    expect(mail.text).toContain('US$228.00');
  } finally {
    await page.request.post('/api/v1/test-clock', { data: { offsetMs: 0 } });
    await page.getByRole('banner').getByLabel('语言').selectOption('en');
  }
});
