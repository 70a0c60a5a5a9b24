import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_ENV, FERRY_URL } from './support/e2e-env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Debian's Chromium against the whole product started the way README says (`npm start`), on its
 * own ports and a fresh data folder: embedded Postgres, in-process bus, local storage, local inbox.
 */
export default defineConfig({
  testDir: './tests',
  // Per E2E_PORT_OFFSET, so parallel runs never clear each other's artifacts.
  outputDir: `./test-output/results${process.env['E2E_PORT_OFFSET'] ? `-${process.env['E2E_PORT_OFFSET']}` : ''}`,
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: FERRY_URL,
    // CI keeps the failure's screenshot and error context; recording a trace of every test costs minutes there.
    trace: process.env['CI'] ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // E2E_WEB_DIST (development only) serves a private build instead of apps/web/dist, so parallel
    // runs never rebuild each other's files; CI runs exactly `npm start`.
    command: process.env['E2E_WEB_DIST']
      ? `rm -rf ${E2E_ENV.DATA_DIR} && (cd apps/web && npx vite build --logLevel warn --outDir ${process.env['E2E_WEB_DIST']}) && WEB_DIST_DIR=${process.env['E2E_WEB_DIST']} npx tsx apps/all-in-one/src/main.ts`
      : `rm -rf ${E2E_ENV.DATA_DIR} && npm start`,
    cwd: repoRoot,
    url: `${FERRY_URL}/readyz`,
    // E2E_SERVER_TIMEOUT_MS (development): a machine busy with other runs builds and boots slower.
    timeout: Number(process.env['E2E_SERVER_TIMEOUT_MS'] ?? 180_000),
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...E2E_ENV },
  },
});
