import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The product's settings for the browser tests: its own ports and data folder (README's configuration table). */
/** E2E_PORT_OFFSET moves every port (and the data folder), so two runs can share a machine. */
const offset = Number(process.env['E2E_PORT_OFFSET'] ?? 0);
export const E2E_ENV = {
  PORT: String(18180 + offset),
  STORAGE_PORT: String(18190 + offset),
  EMBEDDED_PG_PORT: String(54480 + offset),
  MAIL_INBOX_SMTP_PORT: String(11125 + offset),
  MAIL_INBOX_WEB_PORT: String(11180 + offset),
  DATA_DIR: join(tmpdir(), `ferry-web-e2e-${offset}`),
  RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '600',
  // Every browser test and its API calls come from 127.0.0.1, two at a time: 300 a minute (the default)
  // was within reach on a fast machine, and a rate-limited page load then signed its test out.
  RATE_LIMIT_PER_IP_PER_MINUTE: '3000',
  // One proxy hop is trusted, so a test can place a download in another country with X-Forwarded-For.
  TRUST_PROXY_HOPS: '1',
  // Browser tests move time (expiry, trials) with POST /api/v1/test-clock.
  FERRY_TEST_CLOCK: '1',
  LOG_LEVEL: 'warn',
  // Download-host checks ask the DNS server the domain spec runs (support/test-dns.ts) for CNAMEs to this name.
  DNS_SERVERS: `127.0.0.1:${15353 + offset}`,
  DOWNLOAD_HOST_CNAME_TARGET: 'cname.ferry-e2e.test',
} as const;

export const FERRY_URL = `http://localhost:${E2E_ENV.PORT}`;
export const INBOX_URL = `http://localhost:${E2E_ENV.MAIL_INBOX_WEB_PORT}`;
/** Where each test writes the screenshots of the screens it passes through (look at them). */
export const SCREENSHOT_DIR = new URL('../test-output/screenshots/', import.meta.url).pathname;
