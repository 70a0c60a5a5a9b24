import { describe, expect, it } from 'vitest';
import { createLoadingI18n } from './i18n';
import { hasNamespace, namespacesForPath } from './namespace-loader';
import { NAMESPACES, RESOURCES } from './resources';

describe('namespaces loaded when first needed', () => {
  it.each(['en', 'zh'] as const)('every namespace of NAMESPACES can be had in %s (bundled or loaded)', (lang) => {
    for (const ns of NAMESPACES) expect(hasNamespace(lang, ns), `${lang}/${ns}`).toBe(true);
  });

  it('the app starts with the page\'s namespaces in the language shown, and loads another one when asked', async () => {
    const i18n = await createLoadingI18n('zh', '/pricing');
    expect(i18n.hasResourceBundle('zh', 'layout')).toBe(true);
    expect(i18n.hasResourceBundle('zh', 'marketing')).toBe(true);
    expect(i18n.hasResourceBundle('zh', 'transfers')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'marketing')).toBe(false);
    await i18n.loadNamespaces('transfers');
    expect(i18n.getResourceBundle('zh', 'transfers')).toEqual(RESOURCES.zh.transfers);
  });

  it.each([
    ['/', ['marketing']],
    ['/dash/transfers', ['dash', 'transfers', 'send']],
    ['/d/AbC1234', ['download']],
    ['/login', ['auth']],
  ])('%s starts with %j', (path, namespaces) => {
    expect(namespacesForPath(path)).toEqual(namespaces);
  });
});
