import enDash from '../locales/en/dash.json';
import enTransfers from '../locales/en/transfers.json';
import enInbox from '../locales/en/inbox.json';
import enAnalytics from '../locales/en/analytics.json';
import zhDash from '../locales/zh/dash.json';
import zhTransfers from '../locales/zh/transfers.json';
import zhInbox from '../locales/zh/inbox.json';
import zhAnalytics from '../locales/zh/analytics.json';
import enBilling from '../locales/en/billing.json';
import enAccount from '../locales/en/account.json';
import zhAccount from '../locales/zh/account.json';
import zhBilling from '../locales/zh/billing.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDownload from '../locales/en/download.json';
import enLayout from '../locales/en/layout.json';
import enMarketing from '../locales/en/marketing.json';
import enSend from '../locales/en/send.json';
import zhAuth from '../locales/zh/auth.json';
import zhCommon from '../locales/zh/common.json';
import zhDownload from '../locales/zh/download.json';
import zhLayout from '../locales/zh/layout.json';
import zhMarketing from '../locales/zh/marketing.json';
import zhSend from '../locales/zh/send.json';

/**
 * One namespace per feature: common (shared words), layout (header, footer, menus), marketing
 * (public pages), auth (login, register, signup, reset, invite), send (quick send and its errors),
 * download (download, request and extension pages, feedback), dash (dashboard shell, home, account),
 * transfers (transfer list and modal), inbox (dashboard requests and contacts), analytics, billing (card form, trial
 * checkout, plan and billing tabs), account (the account tabs but plan and billing: one section per tab). Every key exists in both languages
 * (a test checks it).
 */
export const NAMESPACES = ['common', 'layout', 'marketing', 'auth', 'send', 'download', 'dash', 'transfers', 'inbox', 'analytics', 'billing', 'account'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Lang = 'en' | 'zh';

export const RESOURCES = {
  en: { common: enCommon, layout: enLayout, marketing: enMarketing, auth: enAuth, send: enSend, download: enDownload, dash: enDash, transfers: enTransfers, inbox: enInbox, analytics: enAnalytics, billing: enBilling, account: enAccount },
  zh: { common: zhCommon, layout: zhLayout, marketing: zhMarketing, auth: zhAuth, send: zhSend, download: zhDownload, dash: zhDash, transfers: zhTransfers, inbox: zhInbox, analytics: zhAnalytics, billing: zhBilling, account: zhAccount },
} as const;
