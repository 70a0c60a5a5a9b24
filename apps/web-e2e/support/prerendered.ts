import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until the app has made it live (`data-page-ready` on the document). A
 * prerendered page paints before its JavaScript runs, and a click on it before hydration is lost.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', '');
  return response;
}
