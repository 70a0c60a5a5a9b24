/**
 * The web app's public paths (PRODUCT.md section 2). The gateway answers these with the app's
 * index.html and status 200; any other path gets the same app (which shows the not-found page)
 * with status 404, so search engines and link checkers see a real 404.
 */
export const FEATURE_PAGES = [
  'supplier-document-tracking',
  'document-receipts',
  'attachments-organized',
  'dashboard-analytics',
  'business-intelligence',
  'works-everywhere',
] as const;
export type TFeaturePage = (typeof FEATURE_PAGES)[number];

export const MARKETING_PAGES = ['send-big-files', 'transfer-files-to-china', 'china-trade-fairs'] as const;

/** Comparison-style paths that redirect to a marketing page. */
export const WEB_REDIRECTS: Record<string, string> = {
  '/vs/wetransfer': '/send-big-files',
  '/how-to-send-big-files-to-china': '/transfer-files-to-china',
};

const ID = '[A-Za-z0-9_-]+';
const PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/index\.html$/,
  /^\/register$/,
  /^\/affiliate-program$/,
  /^\/about$/,
  /^\/updates$/,
  /^\/roadmap(\/.*)?$/,
  /^\/support(\/.*)?$/,
  /^\/(pricing|signup|welcomeback)$/,
  /^\/(login|signup\/login)$/,
  /^\/(thankyou|accept-invite|thankyou2)$/,
  /^\/lifetime-deal$/,
  new RegExp(`^/invite/${ID}$`),
  new RegExp(`^/extension/${ID}$`),
  new RegExp(`^/downloads/${ID}(/[^/]+)?(/downloadZip)?$`),
  new RegExp(`^/d/${ID}(/[^/]+)?$`),
  new RegExp(`^/w/${ID}$`),
  new RegExp(`^/r/${ID}$`),
  /^\/verify$/,
  /^\/updatepassword$/,
  new RegExp(`^/product/(${FEATURE_PAGES.join('|')})$`),
  new RegExp(`^/(${MARKETING_PAGES.join('|')})$`),
  /^\/dash(\/.*)?$/,
];

/** Whether a path (without query) is a page of the web app; trailing slashes are ignored. */
export function isWebRoute(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PATTERNS.some((p) => p.test(clean)) || clean in WEB_REDIRECTS;
}
