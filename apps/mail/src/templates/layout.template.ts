import type { TLang } from '@ferry/contracts';

export interface LayoutCopy {
  /** The `lang` attribute of the HTML part. */
  htmlLang: string;
  tagline: string;
  automated: string;
  /** Ends the label before an address in the text part. */
  colon: string;
}

/** The frame around every mail: brand line and footer. */
export const layoutTemplate: Record<TLang, LayoutCopy> = {
  en: {
    htmlLang: 'en',
    tagline: 'Ferry — large-file transfer for businesses between China, Asia, the Middle East and Europe.',
    automated: 'This is an automated message; replies to this address are not read.',
    colon: ':',
  },
  zh: {
    htmlLang: 'zh-CN',
    tagline: 'Ferry — 面向企业的大文件传输服务，连接中国、亚洲、中东与欧洲。',
    automated: '此邮件由系统自动发送，请勿直接回复。',
    colon: '：',
  },
};
