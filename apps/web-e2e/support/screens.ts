import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './e2e-env';

/** Saves a full-page screenshot as test-output/screenshots/{name}.png. */
export async function screen(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // From the top, so a sticky header is where it belongs in the full-page image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
}
