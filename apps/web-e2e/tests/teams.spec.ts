import { expect as baseExpect, test, type Page } from '@playwright/test';
import { registerAccount, type TestAccount } from '../support/accounts';
import { FERRY_URL } from '../support/e2e-env';
import { linkIn, uniqueEmail, waitForMail } from '../support/inbox';
import { screen } from '../support/screens';
import { accessTokenOf, sendTextFile } from '../support/send-file';
import { chooseLanguage } from '../support/language';

// Three browsers, five mails and a transfer on a shared two-core machine: every wait gets a minute.
const expect = baseExpect.configure({ timeout: 60_000 });

/**
 * Signs the browser in the way a returning visitor is (the refresh cookie and the session marker),
 * then opens `path`: the login form itself is the accounts spec's subject.
 */
async function openSignedIn(page: Page, account: TestAccount, path: string): Promise<void> {
  const res = await page.request.post('/api/v1/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.status()).toBe(200);
  // The marker is set from a file of the origin, not from a page of the app: a page that boots would
  // refresh the session itself, and leaving it mid-refresh would spend the cookie.
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.setItem('ferry.session', '1'));
  await page.goto(path);
}

/** The tab at desktop width, at 390 px and in Chinese: screenshots to look at, and nothing wider than the phone. */
async function screenTheTab(page: Page) {
  await screen(page, 'teams-tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('3 of 5 seats used')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screen(page, 'teams-tab-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, 'zh');
  await expect(page.getByText('已用 3 / 5 个席位')).toBeVisible();
  expect(await page.locator('.teams-tab').innerText()).not.toMatch(/\b(Members|Pending|Joined|Resend|Revoke|Remove|seats)\b/);
  await screen(page, 'teams-tab-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await screen(page, 'teams-tab-zh-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, 'en');
  await expect(page.getByText('3 of 5 seats used')).toBeVisible();
}

test('an admin invites two members from the Teams tab, one joins, the other invite is revoked; the removed member is refused at once', async ({ page, browser }) => {
  test.setTimeout(600_000);
  const admin = await registerAccount('teams-admin', { fullName: 'Amira Haddad', company: 'Dhow Freight', plan: 'BM' });
  const joiner = uniqueEmail('teams-joiner');
  const revoked = uniqueEmail('teams-revoked');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin, '/dash/account/teams');

  // Invite both at once, by keyboard: type the addresses, Tab to Send invites, Enter.
  await expect(page.getByText('1 of 5 seats used')).toBeVisible();
  const since = Date.now();
  await page.getByLabel('Invite by email').fill(`${joiner}, ${revoked}`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send invites' })).toBeFocused();
  await page.keyboard.press('Enter');
  const results = page.getByRole('list', { name: 'Invite results' });
  await expect(results).toContainText(`${joiner} invited`);
  await expect(results).toContainText(`${revoked} invited`);
  await expect(page.getByText('3 of 5 seats used')).toBeVisible();

  // Both mails arrive, each with its own link.
  const joinLink = linkIn(await waitForMail(joiner, /invited you/i, { since }), /^\/invite\//);
  const revokedLink = linkIn(await waitForMail(revoked, /invited you/i, { since }), /^\/invite\//);
  expect(joinLink).not.toBe(revokedLink);

  // One joins, in a browser of their own.
  const memberContext = await browser.newContext({ baseURL: FERRY_URL });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(joinLink);
  await memberPage.getByLabel('Full name').fill('Omar Saleh');
  await memberPage.getByLabel('Password', { exact: true }).fill('member-pass-2026');
  const joined = memberPage.waitForResponse((res) => res.url().includes('/accept'));
  await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
  expect((await joined).status()).toBe(201);

  // The admin sees the member joined and the other invite pending.
  await page.reload();
  const memberRow = page.getByRole('listitem').filter({ hasText: 'Omar Saleh' });
  await expect(memberRow).toContainText(joiner);
  await expect(memberRow).toContainText(/Joined /);
  await expect(memberRow.getByText('OS')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: revoked })).toContainText('Pending');
  await screenTheTab(page);

  // Revoke the other invite by keyboard; its link then fails.
  await page.getByRole('button', { name: `Revoke the invite to ${revoked}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Invite to ${revoked} revoked`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: revoked })).toHaveCount(0);
  await expect(page.getByText('2 of 5 seats used')).toBeVisible();
  const strangerContext = await browser.newContext({ baseURL: FERRY_URL });
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto(revokedLink);
  await strangerPage.getByLabel('Password', { exact: true }).fill('too-late-2026');
  await strangerPage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(strangerPage.getByRole('heading', { name: 'Invitation not found' })).toBeVisible();
  await expect(strangerPage.getByText('This invite is invalid, used or expired.')).toBeVisible();
  await strangerContext.close();

  // The admin shares a transfer with the member from its modal; the member sees it under Shared.
  const slug = await sendTextFile(page.request, await accessTokenOf(page), 'dhow-manifest.txt');
  await page.goto(`/dash/transfers/${slug}`);
  const modal = page.getByRole('dialog', { name: 'dhow-manifest.txt' });
  await modal.getByRole('button', { name: 'Share with team' }).click();
  await modal.getByRole('checkbox', { name: 'Omar Saleh' }).check();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sharing saved')).toBeVisible();
  await memberPage.goto('/dash/transfers');
  await expect(memberPage.getByRole('link', { name: 'Transfers' })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Teams' })).toHaveCount(0);
  await memberPage.getByRole('tab', { name: /^Shared/ }).click();
  await expect(memberPage.getByRole('link', { name: 'dhow-manifest.txt' })).toBeVisible();

  // The admin removes the member (Remove asks first; No has the focus).
  await page.goto('/dash/account/teams');
  await page.getByRole('button', { name: 'Remove Omar Saleh' }).click();
  await expect(page.getByRole('button', { name: 'No', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('Omar Saleh was removed')).toBeVisible();
  await expect(page.getByText('1 of 5 seats used')).toBeVisible();

  // The member's open session is refused on its next call: 401, the refresh fails too, and the login page shows.
  const refused = memberPage.waitForResponse((res) => res.url().includes('/api/v1/') && !res.url().includes('/auth/') && res.status() === 401);
  await memberPage.getByRole('tab', { name: /^Expired/ }).click();
  expect((await refused).status()).toBe(401);
  await expect(memberPage).toHaveURL(/\/login/);
  const afterRemoval = await memberPage.request.post('/api/v1/auth/login', { data: { email: joiner, password: 'member-pass-2026' } });
  expect(afterRemoval.status()).toBe(401);

  await memberContext.close();
});
