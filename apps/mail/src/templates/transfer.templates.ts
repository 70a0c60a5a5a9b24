import type { TLang } from '@ferry/contracts';
import type { MailBlock, MailTemplate } from '../domain/mail.types';

/** A date as a recipient reads it, in UTC (mails have no time zone to go by). */
export function mailDate(iso: string, lang: TLang): string {
  const formatted = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
  return `${formatted} UTC`;
}

export interface TransferDownloadVars {
  sender: string;
  message: string | null;
  fileCount: number;
  fileNames: string[];
  totalSize: string;
  expiry: string;
  hasPassword: boolean;
  link: string;
}

const fileList = (names: string[], count: number, more: (n: number) => string): MailBlock[] => [
  { type: 'paragraph', text: names.join(', ') },
  ...(count > names.length ? [{ type: 'note' as const, text: more(count - names.length) }] : []),
];

/** The download email a recipient gets in email mode, with their own link. */
export const transferDownloadTemplate: MailTemplate<TransferDownloadVars> = {
  en: (v) => ({
    subject: `${v.sender} sent you ${v.fileCount === 1 ? 'a file' : `${v.fileCount} files`} via Ferry`,
    preheader: `${v.totalSize}, available until ${v.expiry}.`,
    blocks: [
      { type: 'heading', text: `${v.sender} sent you ${v.fileCount === 1 ? 'a file' : `${v.fileCount} files`}` },
      ...(v.message ? [{ type: 'paragraph' as const, text: `“${v.message}”` }] : []),
      ...fileList(v.fileNames, v.fileCount, (n) => `and ${n} more`),
      { type: 'paragraph', text: `${v.totalSize} in total. Available until ${v.expiry}.` },
      ...(v.hasPassword ? [{ type: 'paragraph' as const, text: 'The sender protected these files with a password. Ask them for it.' }] : []),
      { type: 'button', label: 'Download files', href: v.link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: v.link },
      { type: 'note', text: 'The sender will see when you download, and from which city.' },
    ],
  }),
  zh: (v) => ({
    subject: `${v.sender} 通过 Ferry 向您发送了${v.fileCount === 1 ? '一个文件' : ` ${v.fileCount} 个文件`}`,
    preheader: `共 ${v.totalSize}，有效期至 ${v.expiry}。`,
    blocks: [
      { type: 'heading', text: `${v.sender} 向您发送了${v.fileCount === 1 ? '一个文件' : ` ${v.fileCount} 个文件`}` },
      ...(v.message ? [{ type: 'paragraph' as const, text: `“${v.message}”` }] : []),
      ...fileList(v.fileNames, v.fileCount, (n) => `还有 ${n} 个文件`),
      { type: 'paragraph', text: `共 ${v.totalSize}，有效期至 ${v.expiry}。` },
      ...(v.hasPassword ? [{ type: 'paragraph' as const, text: '发件人为这些文件设置了密码，请向对方索取。' }] : []),
      { type: 'button', label: '下载文件', href: v.link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: v.link },
      { type: 'note', text: '您下载时，发件人会看到下载时间和所在城市。' },
    ],
  }),
};

export interface ExtensionOfferVars {
  fileName: string;
  reason: 'expired' | 'requested';
  requestedBy: string | null;
  link: string;
}

/** To the sender: the transfer expired (or a recipient asked for time); one click adds 48 hours. */
export const extensionOfferTemplate: MailTemplate<ExtensionOfferVars> = {
  en: (v) => ({
    subject: v.reason === 'requested' ? `${v.requestedBy ?? 'A recipient'} asks for more time to download ${v.fileName}` : `Your transfer ${v.fileName} has expired`,
    preheader: 'Extend the link by 48 hours with one click.',
    blocks: [
      { type: 'heading', text: v.reason === 'requested' ? 'A recipient needs more time' : 'Your transfer has expired' },
      {
        type: 'paragraph',
        text:
          v.reason === 'requested'
            ? `${v.requestedBy ?? 'Someone you sent it to'} opened your expired transfer ${v.fileName} and asks for more time.`
            : `The link to ${v.fileName} has expired. Recipients who have not downloaded yet can no longer get the files.`,
      },
      { type: 'button', label: 'Extend by 48 hours', href: v.link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: v.link },
      { type: 'note', text: 'The link works once. Recipients are told the new date.' },
    ],
  }),
  zh: (v) => ({
    subject: v.reason === 'requested' ? `${v.requestedBy ?? '一位收件人'}请求延长 ${v.fileName} 的下载时间` : `您的传输 ${v.fileName} 已过期`,
    preheader: '一键将链接延长 48 小时。',
    blocks: [
      { type: 'heading', text: v.reason === 'requested' ? '收件人需要更多时间' : '您的传输已过期' },
      {
        type: 'paragraph',
        text: v.reason === 'requested' ? `${v.requestedBy ?? '一位收件人'}打开了已过期的传输 ${v.fileName}，请求延长时间。` : `${v.fileName} 的链接已过期，尚未下载的收件人将无法获取文件。`,
      },
      { type: 'button', label: '延长 48 小时', href: v.link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: v.link },
      { type: 'note', text: '此链接仅可使用一次，收件人会收到新的到期时间。' },
    ],
  }),
};

export interface TransferExtendedVars {
  sender: string;
  expiry: string;
  link: string;
}

/** To each recipient: the link was extended; here is the new date. */
export const transferExtendedTemplate: MailTemplate<TransferExtendedVars> = {
  en: (v) => ({
    subject: `Link Extended for 48 hours: files from ${v.sender}`,
    preheader: `Download before ${v.expiry}.`,
    blocks: [
      { type: 'heading', text: 'Link Extended for 48 hours' },
      { type: 'paragraph', text: `${v.sender} extended the link to their files. You can download them until ${v.expiry}.` },
      { type: 'button', label: 'Download files', href: v.link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: v.link },
    ],
  }),
  zh: (v) => ({
    subject: `链接已延长 48 小时：来自 ${v.sender} 的文件`,
    preheader: `请在 ${v.expiry} 前下载。`,
    blocks: [
      { type: 'heading', text: '链接已延长 48 小时' },
      { type: 'paragraph', text: `${v.sender} 延长了文件链接，您可以在 ${v.expiry} 前下载。` },
      { type: 'button', label: '下载文件', href: v.link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: v.link },
    ],
  }),
};
