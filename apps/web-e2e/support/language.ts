import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Chooses a language in a language switch (the first one on the page, the header's, unless one is
 * given) and waits until it is in force: the app remembers the choice once that language's words
 * have loaded, and then sets the document's lang. A test that leaves the page sooner gets the old
 * language on the next one.
 */
export async function chooseLanguage(page: Page, lang: 'en' | 'zh', select?: Locator): Promise<void> {
  const html = page.locator('html');
  const htmlLang = lang === 'zh' ? 'zh-CN' : 'en';
  // On a prerendered page the switch is there before the app has hydrated it; a choice made then
  // changes nothing (hydration puts the old value back), so it is made again until it takes.
  await expect(async () => {
    await (select ?? page.getByRole('combobox', { name: /language|语言/i }).first()).selectOption(lang);
    await expect(html).toHaveAttribute('lang', htmlLang, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}
