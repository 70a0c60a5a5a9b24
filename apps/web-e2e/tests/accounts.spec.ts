import { expect, test, type Page } from '@playwright/test';
import { codeIn, linkIn, uniqueEmail, waitForMail } from '../support/inbox';
import { screen } from '../support/screens';

/** The page's own content, not the header and footer around it. */
const main = (page: Page) => page.getByRole('main');

test('a user registers in 3 steps, logs out, resets the password from the mail and logs in with it', async ({ page }) => {
  const email = uniqueEmail('ada');
  const firstPassword = 'first-password';
  const newPassword = 'second-password';

  // Step 1: work email, with the plan chosen on the pricing page
  await page.goto('/register?step=1&plan=PRM');
  await expect(main(page).getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(main(page).getByText('Selected plan')).toBeVisible();
  await screen(page, 'register-step-1');
  const codeAsked = Date.now();
  await main(page).getByLabel('Work email').fill(email.toUpperCase());
  await main(page).getByRole('button', { name: 'Continue' }).click();

  // Step 2: the code from the mail; 5 digits submit on their own
  await expect(page).toHaveURL(/\/register\?step=2&plan=PRM$/);
  await expect(main(page).getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(main(page).getByText(email)).toBeVisible();
  const code = codeIn(await waitForMail(email, /verification code/i, { since: codeAsked }));
  await screen(page, 'register-step-2');
  await main(page).getByLabel('Digit 1 of 5').click();
  await page.keyboard.type(code);

  // Step 3: the account, then the card step for the plan's trial (billing.spec.ts takes the card; this one skips it)
  await expect(page).toHaveURL(/\/register\?step=3&plan=PRM$/);
  await main(page).getByLabel('Full name').fill('Ada Lovelace');
  await main(page).getByLabel('Company (optional)').fill('Analytical Engines Ltd');
  await main(page).getByLabel('Password', { exact: true }).fill(firstPassword);
  await screen(page, 'register-step-3');
  await main(page).getByRole('button', { name: 'Create account' }).click();
  await expect(main(page).getByRole('heading', { name: 'Welcome to Ferry, Ada' })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Start your Pro trial' })).toBeVisible();
  await expect(main(page).getByLabel('Card number')).toBeVisible();
  await screen(page, 'register-done');
  await main(page).getByRole('link', { name: 'Skip, continue on Free' }).click();

  await expect(page).toHaveURL(/\/dash$/);
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
  await screen(page, 'dash');

  // A reload keeps the session (refresh cookie), logout ends it
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu for ADA' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dash');
  await expect(page).toHaveURL(/\/login$/);

  // Forgot password on the login page
  await expect(main(page).getByRole('button', { name: 'Login' })).toBeDisabled();
  await screen(page, 'login');
  await main(page).getByRole('button', { name: 'Forgot your password ?' }).click();
  const resetAsked = Date.now();
  await main(page).getByLabel('Email').fill(email);
  await main(page).getByRole('button', { name: 'Get a new password' }).click();
  await expect(main(page).getByText('Password request sent!')).toBeVisible();
  await expect(main(page).getByText('If we have a account with that email, please click the included link to reset your password.')).toBeVisible();
  const resetMail = await waitForMail(email, /Reset your Ferry password/, { since: resetAsked });

  // The mailed link sets a new password
  await page.goto(linkIn(resetMail, /^\/updatepassword$/));
  await main(page).getByLabel('New password', { exact: true }).fill(newPassword);
  await main(page).getByLabel('Confirm new password').fill(newPassword);
  await screen(page, 'update-password');
  await main(page).getByRole('button', { name: 'Set new password' }).click();
  await expect(main(page).getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  await main(page).getByRole('link', { name: 'Log in' }).click();

  // The old password no longer works, the new one does
  await expect(page).toHaveURL(/\/login\?user=/);
  await expect(main(page).getByLabel('Email')).toHaveValue(email);
  await main(page).getByLabel('Password', { exact: true }).fill(firstPassword);
  await main(page).getByRole('button', { name: 'Login' }).click();
  await expect(main(page).getByText('Unable to log in with provided credentials')).toBeVisible();
  await main(page).getByLabel('Password', { exact: true }).fill(newPassword);
  await main(page).getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dash$/);
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
});

test('a wrong password shows the credentials message and the box shakes', async ({ page }) => {
  await page.goto(`/login?user=${encodeURIComponent(uniqueEmail('nobody'))}`);
  await main(page).getByLabel('Password', { exact: true }).fill('not-the-password');
  // The shake lasts a fraction of a second and its animation's end removes the class, so a busy
  // machine can miss it by polling: an observer set up before the click records that it happened.
  await page.locator('.auth-card').evaluate((card) => {
    const seen = window as unknown as { ferryShook?: boolean };
    seen.ferryShook = false;
    new MutationObserver(() => {
      if (card.classList.contains('shake')) seen.ferryShook = true;
    }).observe(card, { attributes: true, attributeFilter: ['class'] });
  });
  await main(page).getByRole('button', { name: 'Login' }).click();
  await expect(main(page).getByText('Unable to log in with provided credentials')).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { ferryShook?: boolean }).ferryShook)).toBe(true);
  await screen(page, 'login-error');
});

test('a register link opened at step 3 without a verified email goes back to step 1', async ({ page }) => {
  await page.goto('/register?step=3&plan=Free');
  await expect(page).toHaveURL(/\/register\?step=1&plan=Free$/);
  await expect(main(page).getByLabel('Work email')).toBeVisible();
});

test('the login and register screens read Chinese when Chinese is chosen', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ferry.lang', 'zh'));
  await page.goto('/login');
  await expect(main(page).getByRole('heading', { name: '登录 Ferry' })).toBeVisible();
  await expect(main(page).getByRole('button', { name: '忘记密码？' })).toBeVisible();
  await screen(page, 'login-zh');
  await page.goto('/register?step=1&plan=BY');
  await expect(main(page).getByRole('heading', { name: '创建账户' })).toBeVisible();
  await expect(main(page).getByText('商务版')).toBeVisible();
  await screen(page, 'register-step-1-zh');
});
