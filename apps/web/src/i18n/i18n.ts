import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BUNDLED_NAMESPACES, BUNDLED_RESOURCES, lazyNamespaces, namespacesForPath } from './namespace-loader';
import { NAMESPACES, RESOURCES, type Lang } from './resources';

export const LANG_KEY = 'ferry.lang';
/** The cookie the gateway reads to send prerendered pages in the visitor's language. */
export const LANG_COOKIE = 'ferry_lang';
export const LANGS: Lang[] = ['en', 'zh'];

/**
 * The remembered choice, else the language the server prerendered the page in (it read the browser's
 * Accept-Language), else the browser's language (Chinese for any zh-*), else English.
 */
export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (stored === 'en' || stored === 'zh') return stored;
  } catch {
    // no storage: fall through
  }
  const prerendered = typeof document === 'undefined' ? undefined : document.documentElement.dataset['prerendered'];
  if (prerendered === 'en' || prerendered === 'zh') return prerendered;
  const nav = typeof navigator === 'undefined' ? 'en' : navigator.language;
  return nav.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function rememberLangForServer(lang: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** The language as the document's `lang` names it. */
export function htmlLang(lang: string): string {
  return lang === 'zh' ? 'zh-CN' : 'en';
}

function setUp(lang: Lang, options: InitOptions, lazy: boolean): I18n {
  const instance = i18next.createInstance();
  if (lazy) instance.use(lazyNamespaces);
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    ...options,
  });
  instance.on('languageChanged', (next) => {
    try {
      localStorage.setItem(LANG_KEY, next);
    } catch {
      // not remembered
    }
    if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(next);
    rememberLangForServer(next);
  });
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(lang);
  return instance;
}

/** Every namespace of both languages at once, ready synchronously (component tests, prerendering). */
export function createI18n(lang: Lang = initialLang()): I18n {
  return setUp(lang, { resources: RESOURCES, ns: [...NAMESPACES], initAsync: false }, false);
}

/**
 * The app's: header and footer words come with it; other namespaces load, in the language shown,
 * when a page first uses them. Resolves once the namespaces the page at `pathname` shows are in.
 */
export async function createLoadingI18n(lang: Lang = initialLang(), pathname = '/'): Promise<I18n> {
  const instance = setUp(
    lang,
    {
      resources: BUNDLED_RESOURCES,
      partialBundledLanguages: true,
      ns: [...BUNDLED_NAMESPACES],
      // Both languages have every key (a test checks): the other one is never fetched as a fallback.
      fallbackLng: false,
      load: 'currentOnly',
    },
    true,
  );
  rememberLangForServer(lang);
  await instance.loadNamespaces(namespacesForPath(pathname));
  return instance;
}
