import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import enCommon from '../locales/en/common.json';
import enLayout from '../locales/en/layout.json';
import zhCommon from '../locales/zh/common.json';
import zhLayout from '../locales/zh/layout.json';
import { NAMESPACES, type Lang, type Namespace } from './resources';

/**
 * The namespaces every page shows (header, footer, shared words) come with the app; the others load,
 * in the language shown only, the first time a page uses them (NAMESPACES stays the list of all).
 */
export const BUNDLED_NAMESPACES = ['common', 'layout'] as const satisfies readonly Namespace[];
export const BUNDLED_RESOURCES = { en: { common: enCommon, layout: enLayout }, zh: { common: zhCommon, layout: zhLayout } } as const;

const LOADERS = import.meta.glob<ResourceKey>(['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/layout.json'], { import: 'default' });

export function namespaceLoader(lang: string, ns: string): (() => Promise<ResourceKey>) | undefined {
  return LOADERS[`../locales/${lang}/${ns}.json`];
}

/** i18next backend: a namespace's JSON is its own chunk, fetched when first needed. */
export const lazyNamespaces: BackendModule = {
  type: 'backend',
  init() {
    // nothing to set up
  },
  read(lang: string, ns: string, callback: ReadCallback) {
    const load = namespaceLoader(lang, ns);
    if (!load) return callback(new Error(`no locale file ${lang}/${ns}.json`), false);
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Namespaces a page at this path shows from its first paint (loaded before the app renders). */
export function namespacesForPath(pathname: string): Namespace[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path.startsWith('/dash')) return ['dash', 'transfers', 'send'];
  if (/^\/(downloads|d|w|extension)\//.test(path)) return ['download'];
  if (path.startsWith('/r/')) return ['download', 'send'];
  if (/^\/(login|signup\/login|register|updatepassword|invite\/)/.test(path)) return ['auth'];
  return ['marketing'];
}

/** Every namespace of NAMESPACES is either bundled or has a loader, in both languages (a test checks). */
export function hasNamespace(lang: Lang, ns: Namespace): boolean {
  return (BUNDLED_NAMESPACES as readonly string[]).includes(ns) ? ns in BUNDLED_RESOURCES[lang] : namespaceLoader(lang, ns) !== undefined;
}

export const ALL_NAMESPACES: readonly Namespace[] = NAMESPACES;
