import { expect, test } from '@playwright/test';
import { screen } from '../support/screens';

test('a random path answers 404 with the not-found page, marked noindex', async ({ page }) => {
  const path = `/no-such-page-${Date.now().toString(36)}`;
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("This could be our fault, but that page isn't here.")).toBeVisible();
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  await screen(page, 'not-found');
});

test('a public route answers 200', async ({ page }) => {
  const response = await page.goto('/pricing');
  expect(response?.status()).toBe(200);
});
