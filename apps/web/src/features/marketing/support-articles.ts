/** The help center's articles (`/support?article=<id>`), in the order the list shows them. */
export const SUPPORT_ARTICLES = ['getting-started', 'sending', 'downloads', 'requests', 'security', 'billing', 'privacy', 'terms'] as const;
export type TSupportArticle = (typeof SUPPORT_ARTICLES)[number];
