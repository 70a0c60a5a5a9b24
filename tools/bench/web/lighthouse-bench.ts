/**
 * Lighthouse (the npm package, on Debian's Chromium) against a running product: home, pricing, a
 * download page and login, mobile and desktop presets (Lighthouse's default simulated throttling),
 * each the median of RUNS runs; prints scores and timings as a Markdown table.
 *
 *   FERRY_URL=http://localhost:8080 RUNS=3 npx tsx tools/bench/web/lighthouse-bench.ts
 *
 * Start the product first (`npm start`, or the all-in-one with WEB_DIST_DIR). Chromium is
 * /usr/bin/chromium unless CHROMIUM_PATH says otherwise.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const BASE = process.env['FERRY_URL'] ?? 'http://localhost:8080';
const RUNS = Number(process.env['RUNS'] ?? 3);
const PAGES = (process.env['PAGES'] ?? 'home,pricing,download,login').split(',');
const PRESETS = (process.env['PRESETS'] ?? 'mobile,desktop').split(',') as Array<'mobile' | 'desktop'>;
const PATHS: Record<string, string> = { home: '/', pricing: '/pricing', download: '/d/AbC1234', login: '/login' };
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  kib: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function audit(url: string, preset: 'mobile' | 'desktop', port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] }, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    kib: value('total-byte-weight') / 1024,
  };
}

const chrome = await launch({ chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', chromeFlags: FLAGS });
const rows: string[] = [];
try {
  for (const page of PAGES) {
    for (const preset of PRESETS) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${BASE}${PATHS[page] ?? page}`, preset, chrome.port));
      const m = (key: keyof Run) => median(runs.map((run) => run[key]));
      const row = `| ${page} | ${preset} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${Math.round(m('kib'))} KiB |`;
      rows.push(row);
      console.error(row);
    }
  }
} finally {
  chrome.kill();
}
console.log(`Lighthouse ${RUNS} runs each (median), ${BASE}\n`);
console.log('| page | preset | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | transferred |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
