import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES, RESOURCES, type Lang } from './resources';

export const LANG_KEY = 'ferry.lang';
export const LANGS: Lang[] = ['en', 'zh'];

/** The remembered choice, else the browser's language (Chinese for any zh-*), else English. */
export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(LANG_KEY);
    if (stored === 'en' || stored === 'zh') return stored;
  } catch {
    // no storage: fall through
  }
  const nav = typeof navigator === 'undefined' ? 'en' : navigator.language;
  return nav.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function createI18n(lang: Lang = initialLang()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: RESOURCES,
    lng: lang,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance.on('languageChanged', (next) => {
    try {
      localStorage.setItem(LANG_KEY, next);
    } catch {
      // not remembered
    }
    if (typeof document !== 'undefined') document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  return instance;
}
