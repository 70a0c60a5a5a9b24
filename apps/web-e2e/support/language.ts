import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Chooses a language in a language switch (the first one on the page, the header's, unless one is
 * given) and waits until it is in force: the app remembers the choice once that language's words
 * have loaded, and then sets the document's lang. A test that leaves the page sooner gets the old
 * language on the next one.
 */
export async function chooseLanguage(page: Page, lang: 'en' | 'zh', select?: Locator): Promise<void> {
  await (select ?? page.getByRole('combobox', { name: /language|语言/i }).first()).selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
}
