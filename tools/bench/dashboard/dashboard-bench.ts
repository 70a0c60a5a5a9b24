/**
 * The dashboard's transfer list in the browser for a user with 20,000 transfers, on `npm start`.
 * See README.md beside this file.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { openDb } from '@ferry/db';
import { transfersMigrations } from '@ferry/transfers';
import { summarize } from '../transfers/latency-stats';
import { seededUserId, seedTransfers } from '../transfers/seed-transfers';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { registerUser, startFerryProduct, WORKSPACE_ROOT } from '@ferry/testing';

const { values: args } = parseArgs({
  options: {
    transfers: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '15' },
  },
});
const TRANSFERS = Number(args.transfers);
const RUNS = Number(args.runs);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

/** Moves every seeded transfer of seed user 0 (and the downloads' owner) to the registered user. */
async function seedFor(databaseUrl: string, userId: string): Promise<string> {
  const db = await openDb(databaseUrl, { schema: 'transfers', migrations: transfersMigrations });
  try {
    await seedTransfers(db, { transfers: TRANSFERS, users: 1, largest: TRANSFERS }, (m) => log(`seed: ${m}`));
    const seeded = await seededUserId(db, 0);
    await db('transfers').where({ owner_id: seeded }).update({ owner_id: userId });
    await db('transfers').where({ sender_id: seeded }).update({ sender_id: userId });
    await db.raw('analyze transfers');
    const first = await db('transfers')
      .where({ sender_id: userId, status: 'live' })
      .orderBy([{ column: 'date_sent', order: 'desc' }, { column: 'id', order: 'desc' }])
      .first<{ name: string } | undefined>('first_file_name as name');
    const { count } = (await db('transfers').where({ sender_id: userId, status: 'live' }).count<{ count: string }[]>('* as count'))[0] ?? { count: '0' };
    log(`user ${userId} has ${count} live transfers; the newest one's first file is ${first?.name}`);
    if (!first) throw new Error('no seeded transfer for the user');
    return first.name;
  } finally {
    await db.destroy();
  }
}

async function timeIt(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/**
 * Installed in the page before any of its scripts: the moment (ms since the navigation started)
 * the transfer list first holds the newest transfer's name, seen by a MutationObserver — not by
 * Playwright's polling, which backs off to 500 ms between looks. A string, because tsx would wrap a
 * function's source in helpers the page does not have.
 */
const watchFirstRow = (name: string) => `
  window.__firstRowAt = 0;
  const check = () => {
    const panel = document.querySelector('.transfers-panel');
    if (window.__firstRowAt === 0 && panel && panel.textContent.includes(${JSON.stringify(name)})) window.__firstRowAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
`;

const firstRowAt = (page: Page) =>
  page.waitForFunction('window.__firstRowAt || false', undefined, { polling: 'raf', timeout: 30_000 }).then((handle) => handle.jsonValue() as Promise<number>);

async function measure(page: Page, origin: string, newest: string) {
  await page.addInitScript({ content: watchFirstRow(newest) });
  const fullLoad: number[] = [];
  const inApp: number[] = [];
  for (let run = 0; run < RUNS + 2; run++) {
    await page.goto(`${origin}/dash/transfers`, { waitUntil: 'commit' });
    const full = await firstRowAt(page);
    await page.goto(`${origin}/dash`);
    const link = page.getByRole('link', { name: 'Transfers', exact: true }).first();
    await link.waitFor();
    const clickedAt = (await page.evaluate('window.__firstRowAt = 0; performance.now()')) as number;
    await link.click();
    const nav = (await firstRowAt(page)) - clickedAt;
    if (run >= 2) {
      fullLoad.push(full);
      inApp.push(nav);
    }
  }
  // One more full load with its waterfall: what the page waits for, in order (ms since navigation start).
  const waterfall: string[] = [];
  let started = 0;
  const onResponse = (response: { url(): string; status(): number }) => {
    const url = new URL(response.url());
    waterfall.push(`${String(Math.round(performance.now() - started)).padStart(5)} ms  ${response.status()}  ${url.pathname}${url.search.slice(0, 40)}`);
  };
  page.on('response', onResponse);
  started = performance.now();
  await page.goto(`${origin}/dash/transfers`, { waitUntil: 'commit' });
  waterfall.push(`${String(Math.round(await firstRowAt(page))).padStart(5)} ms  the newest row is in the list (in-page clock)`);
  page.off('response', onResponse);
  return { fullLoad: summarize(fullLoad), inApp: summarize(inApp), waterfall };
}

async function main() {
  log(`starting the product (npm start's launcher) with ${TRANSFERS} transfers to seed`);
  if (!existsSync(resolve(WORKSPACE_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npx nx run web:build` first (npm start does it too)');
  }
  const product = await startFerryProduct('dashboard-bench');
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const password = 'bench-password-1';
    const userId = await registerUser(product, email, password, 'Free');
    const newest = await seedFor(product.databaseUrl, userId);
    // bypassCSP: the in-page clock is read with string expressions, which the app's CSP (no unsafe-eval) refuses.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await page.goto(`${product.origin}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dash$/);
    const api = await timeIt(async () => {
      await page.evaluate(async () => fetch('/api/v1/transfers').then((r) => r.status));
    });
    log(`warm-up API call (refresh-less, from the page) took ${api.toFixed(0)} ms`);
    const result = await measure(page, product.origin, newest);
    console.log(`\nDashboard transfer list, ${TRANSFERS} transfers, ${RUNS} runs each (ms; target: first page under 1000)`);
    console.log('| measurement | p50 | p95 | max |');
    console.log('| --- | --- | --- | --- |');
    for (const [name, stats] of [['full page load: navigation start until the list holds the newest transfer', result.fullLoad], ['in app: click on Transfers until the list holds it', result.inApp]] as const) {
      console.log(`| ${name} | ${stats.p50.toFixed(0)} | ${stats.p95.toFixed(0)} | ${stats.max.toFixed(0)} |`);
    }
    console.log(`\nOne full load, response by response:\n${result.waterfall.join('\n')}`);
    console.log(`load average: ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
