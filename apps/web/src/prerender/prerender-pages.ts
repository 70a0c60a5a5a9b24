import { FEATURE_PAGES, MARKETING_PAGES } from '@ferry/contracts';

export interface PrerenderedPage {
  path: string;
  /** The page's module (its lazy chunk): its CSS and JavaScript are linked from the HTML. */
  module: string;
  /** The locale namespaces the page shows first (preloaded). */
  namespaces: readonly string[];
}

const marketing = (path: string, page: string): PrerenderedPage => ({ path, module: `src/features/marketing/${page}.tsx`, namespaces: ['marketing'] });

/**
 * The public pages whose HTML is rendered at build time, in each language, so that they paint before
 * the JavaScript runs (the app then hydrates them). The gateway serves `prerendered/<lang><path>.html`
 * (`/` is `index.html`) for these paths, the language from the `ferry_lang` cookie, else Accept-Language.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  marketing('/', 'HomePage'),
  marketing('/pricing', 'PricingPage'),
  marketing('/about', 'AboutPage'),
  marketing('/support', 'SupportPage'),
  marketing('/updates', 'UpdatesPage'),
  marketing('/affiliate-program', 'AffiliatePage'),
  ...FEATURE_PAGES.map((feature) => marketing(`/product/${feature}`, 'FeaturePage')),
  ...MARKETING_PAGES.map((page) => marketing(`/${page}`, 'MarketingPage')),
];

/** The download page's shell (header, loading card) rendered for a link that looks valid, sent at once for every download link (/d/…, /downloads/…). */
export const DOWNLOAD_SHELL: PrerenderedPage = { path: '/d/0000000', module: 'src/features/download/DownloadPage.tsx', namespaces: ['download'] };

/** Where a page's prerendered HTML is written in the build, and read by the gateway. */
export function prerenderedFile(lang: string, path: string): string {
  return `prerendered/${lang}${path === '/' ? '/index' : path}.html`;
}
