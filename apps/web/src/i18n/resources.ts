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
 * download (download, request and extension pages, feedback). Every key exists in both languages
 * (a test checks it).
 */
export const NAMESPACES = ['common', 'layout', 'marketing', 'auth', 'send', 'download'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Lang = 'en' | 'zh';

export const RESOURCES = {
  en: { common: enCommon, layout: enLayout, marketing: enMarketing, auth: enAuth, send: enSend, download: enDownload },
  zh: { common: zhCommon, layout: zhLayout, marketing: zhMarketing, auth: zhAuth, send: zhSend, download: zhDownload },
} as const;
