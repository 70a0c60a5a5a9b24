import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

/** The layout shifts a page made while loading (the Layout Instability API), summed as CLS counts them in one window. */
async function layoutShiftOf(page: import('@playwright/test').Page, path: string): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', '');
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
}

for (const path of ['/login', '/register', '/']) {
  test(`${path} does not move what is on screen while its code arrives (layout shift under 0.1 at 390 px)`, async ({ page }) => {
    expect(await layoutShiftOf(page, path)).toBeLessThan(0.1);
  });
}

for (const path of ['/', '/pricing', '/about']) {
  test(`${path} paints before the app's JavaScript is asked for, then hydrates`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-page-ready', '');
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(0);
    // Every module of the app is requested after the prerendered page's first paint (public/boot.js).
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
  });
}
