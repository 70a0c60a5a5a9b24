import type { TFeaturePage } from '@ferry/contracts';

/** The Features dropdown (PRODUCT.md section 2, "Header, footer, menus"). */
export const FEATURE_MENU: readonly TFeaturePage[] = [
  'document-receipts',
  'supplier-document-tracking',
  'attachments-organized',
  'business-intelligence',
];

export const SUPPORT_EMAIL = 'support@ferry.example';

/** Footer columns: each link is a path and its key under `footer.links` in the layout namespace. */
export const FOOTER_COLUMNS: ReadonlyArray<{ id: 'product' | 'company' | 'compare' | 'support'; links: ReadonlyArray<{ to: string; key: string }> }> = [
  {
    id: 'product',
    links: [
      { to: '/product/document-receipts', key: 'documentReceipts' },
      { to: '/product/supplier-document-tracking', key: 'supplierTracking' },
      { to: '/product/attachments-organized', key: 'attachments' },
      { to: '/product/dashboard-analytics', key: 'analytics' },
      { to: '/product/business-intelligence', key: 'intelligence' },
      { to: '/product/works-everywhere', key: 'everywhere' },
      { to: '/pricing', key: 'pricing' },
    ],
  },
  {
    id: 'company',
    links: [
      { to: '/about', key: 'about' },
      { to: '/updates', key: 'updates' },
      { to: '/roadmap', key: 'roadmap' },
      { to: '/affiliate-program', key: 'affiliate' },
      { to: '/lifetime-deal', key: 'lifetimeDeal' },
    ],
  },
  {
    id: 'compare',
    links: [
      { to: '/vs/wetransfer', key: 'vsOthers' },
      { to: '/how-to-send-big-files-to-china', key: 'toChina' },
      { to: '/china-trade-fairs', key: 'tradeFairs' },
    ],
  },
  {
    id: 'support',
    links: [
      { to: '/support', key: 'helpCenter' },
      { to: '/support?article=getting-started', key: 'gettingStarted' },
      { to: '/support?article=sending', key: 'sending' },
      { to: '/support?article=security', key: 'security' },
      { to: '/support?article=billing', key: 'billing' },
    ],
  },
];
