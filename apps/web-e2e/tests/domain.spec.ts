import { expect, request as playwrightRequest, test } from '@playwright/test';
import { logIn, registerAccount, type TestAccount } from '../support/accounts';
import { E2E_ENV, FERRY_URL } from '../support/e2e-env';
import { screen } from '../support/screens';
import { accessTokenOf } from '../support/send-file';
import { startTestDns } from '../support/test-dns';

// A busy machine: registration, the trial and the logins each take their time.
test.describe.configure({ timeout: 300_000 });

const HOST = 'files.reyes-e2e.test';
const MAIL_DOMAIN = 'reyes-e2e.test';

/** A link transfer of one small file, sent through the API as the account; answers its slug and link. */
async function sendLinkTransfer(account: TestAccount): Promise<{ slug: string; url: string }> {
  const api = await playwrightRequest.newContext({ baseURL: FERRY_URL });
  const { accessToken } = (await (await api.post('/api/v1/auth/login', { data: account })).json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const bytes = Buffer.from('Packing list: 240 cartons');
  const created = await api.post('/api/v1/transfers', { headers, data: { sendAs: 'link', files: [{ name: 'packing-list.txt', size: bytes.length }] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id, uploads } = (await created.json()) as { id: string; uploads: Array<{ uploadToken: string; single: { url: string; headers: Record<string, string> } }> };
  expect((await api.put(uploads[0]!.single.url, { headers: uploads[0]!.single.headers, data: bytes })).status()).toBe(200);
  const done = await api.post(`/api/v1/transfers/${id}/complete`, { headers, data: { uploads: [{ uploadToken: uploads[0]!.uploadToken }] } });
  expect(done.status()).toBe(200);
  const sent = (await done.json()) as { slug: string; url: string };
  await api.dispose();
  return sent;
}

test('a Business admin sets a download domain by keyboard: pending with the CNAME to create, verified once DNS has it; the links and the host then serve only the company', async ({ page, browser }) => {
  const dns = await startTestDns();
  try {
    const account = await registerAccount('domain', { fullName: 'Tomas Reyes', company: 'Reyes Freight', plan: 'BM' });
    await logIn(page, account);
    await page.goto('/dash/account/domain');
    const hostSection = page.getByRole('region', { name: 'Custom download domain' });
    await expect(hostSection).toBeVisible();

    // Keyboard only: the field, type, Enter.
    await hostSection.getByLabel('Host name').focus();
    await page.keyboard.type(HOST);
    await page.keyboard.press('Enter');
    await expect(hostSection.getByText('Pending', { exact: true })).toBeVisible();
    await expect(hostSection.getByText(`No CNAME record was found for ${HOST} yet. DNS changes can take up to an hour.`)).toBeVisible();
    await expect(hostSection.getByRole('table')).toContainText('CNAME');
    await expect(hostSection.getByRole('table')).toContainText(E2E_ENV.DOWNLOAD_HOST_CNAME_TARGET);
    await screen(page, 'domain-pending');

    // The company's own target: Ferry's base with the company's proof in front.
    const target = (await hostSection.getByRole('table').textContent())?.match(new RegExp(`[0-9a-f]{16}\\.${E2E_ENV.DOWNLOAD_HOST_CNAME_TARGET.replace(/\./g, '\\.')}`))?.[0];
    expect(target).toBeTruthy();
    dns.cnames.set(HOST, target!);
    await hostSection.getByRole('button', { name: 'Check now' }).focus();
    await page.keyboard.press('Enter');
    await expect(hostSection.getByText('Verified', { exact: true })).toBeVisible();
    await expect(hostSection.getByText(`Your links now look like https://${HOST}/w/…`)).toBeVisible();

    // The sending domain: the records to create, then verified once DNS has DKIM and SPF.
    const mailSection = page.getByRole('region', { name: 'Custom sending domain' });
    await mailSection.getByLabel('Sending domain').fill(MAIL_DOMAIN);
    await mailSection.getByRole('button', { name: 'Save' }).click();
    await expect(mailSection.getByText(`No DKIM record was found at ferry1._domainkey.${MAIL_DOMAIN} yet.`)).toBeVisible();
    await expect(mailSection.getByText(`The SPF record of ${MAIL_DOMAIN} does not include Ferry yet.`)).toBeVisible();
    const records = (await (await page.request.get('/api/v1/me/sending-domain', { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } })).json()) as { records: Array<{ purpose: string; name: string; value: string }> };
    for (const record of records.records.filter((r) => r.purpose !== 'dmarc')) dns.txts.set(record.name, [record.value]);
    await mailSection.getByRole('button', { name: 'Check now' }).click();
    await expect(mailSection.getByText(`Mails to recipients now come from "Reyes Freight" <no-reply@${MAIL_DOMAIN}>, signed with DKIM.`)).toBeVisible();
    await screen(page, 'domain-verified');

    // Chinese at 390 px: no English left in the tab's words, no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('ferry.lang', 'zh'));
    await page.reload();
    await expect(page.getByRole('heading', { name: '自定义下载域名' })).toBeVisible();
    await expect(page.getByText('已验证', { exact: true }).first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screen(page, 'domain-verified-zh-390');
    await page.evaluate(() => localStorage.setItem('ferry.lang', 'en'));

    // The company's new link is on its host; a browser that resolves the host to Ferry (as the CNAME
    // does) gets the download page there, and the login page is not served on it.
    const sent = await sendLinkTransfer(account);
    expect(sent.url).toBe(`https://${HOST}/w/${sent.slug}`);
    const onHost = await browser.browserType().launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    });
    try {
      const visitor = await onHost.newPage();
      const origin = `http://${HOST}:${E2E_ENV.PORT}`;
      await visitor.goto(`${origin}/w/${sent.slug}`);
      await expect(visitor.getByText('packing-list.txt').first()).toBeVisible();
      await screen(visitor, 'domain-download-on-company-host');
      // Ferry's own links there lead to Ferry's origin; the feedback form (no API there) is not shown.
      await expect(visitor.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `${FERRY_URL}/login`);
      await expect(visitor.getByRole('link', { name: 'Pricing' }).first()).toHaveAttribute('href', `${FERRY_URL}/pricing`);
      await expect(visitor.getByRole('link', { name: 'Send your own files with Ferry' })).toHaveAttribute('href', `${FERRY_URL}/`);
      await expect(visitor.locator('.feedback')).toHaveCount(0);
      expect((await visitor.goto(`${origin}/login`))?.status()).toBe(404);
      expect((await visitor.goto(`${origin}/dash`))?.status()).toBe(404);
    } finally {
      await onHost.close();
    }
  } finally {
    await dns.close();
  }
});
