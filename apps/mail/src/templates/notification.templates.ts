import type { MailTemplate } from '../domain/mail.types';

export interface NotificationMailVars {
  /** Who downloaded or uploaded; null when nobody knows. */
  who: string | null;
  fileName: string;
  /** The city, else the country; null when the place is unknown. */
  place: string | null;
  country: string | null;
  date: string;
  link: string;
}

const LINK_LABEL = { en: "If the button doesn't work, copy this link into your browser:", zh: '如果按钮无法打开，请将以下链接复制到浏览器中：' };

/** 'someone/receiver downloaded {file} from {city}' (PRODUCT.md). */
const downloadLine: Record<'en' | 'zh', (v: NotificationMailVars) => string> = {
  en: (v) => `${v.who ?? 'Someone'} downloaded ${v.fileName} from ${v.place ?? 'an unknown place'}`,
  zh: (v) => `${v.who ? `${v.who} ` : '有人'}从${v.place ? ` ${v.place} ` : '未知地点'}下载了 ${v.fileName}`,
};

/** The sender's 'downloaded' mail (PRODUCT.md: 'someone/receiver downloaded {file} from {city}'). */
export const downloadedTemplate: MailTemplate<NotificationMailVars> = {
  en: (v) => {
    const line = downloadLine.en(v);
    return {
      subject: line,
      preheader: `Downloaded on ${v.date}.`,
      blocks: [
        { type: 'heading', text: 'Your files were downloaded' },
        { type: 'paragraph', text: `${line}.` },
        { type: 'paragraph', text: `Country: ${v.country ?? 'unknown'}` },
        { type: 'paragraph', text: `Date: ${v.date}` },
        { type: 'button', label: 'View transfer', href: v.link },
        { type: 'link', label: LINK_LABEL.en, href: v.link },
        { type: 'note', text: 'You get this email because you sent these files with Ferry.' },
      ],
    };
  },
  zh: (v) => {
    const line = downloadLine.zh(v);
    return {
      subject: line,
      preheader: `下载时间：${v.date}。`,
      blocks: [
        { type: 'heading', text: '您的文件已被下载' },
        { type: 'paragraph', text: `${line}。` },
        { type: 'paragraph', text: `国家/地区：${v.country ?? '未知'}` },
        { type: 'paragraph', text: `时间：${v.date}` },
        { type: 'button', label: '查看传输', href: v.link },
        { type: 'link', label: LINK_LABEL.zh, href: v.link },
        { type: 'note', text: '您收到此邮件，是因为您通过 Ferry 发送了这些文件。' },
      ],
    };
  },
};

/** The requester's mail when files arrive through a file request. */
export const requestUploadedTemplate: MailTemplate<NotificationMailVars> = {
  en: (v) => {
    const line = `${v.who ?? 'Someone'} sent ${v.fileName} to your request`;
    return {
      subject: line,
      preheader: `Received on ${v.date}.`,
      blocks: [
        { type: 'heading', text: 'New files for your request' },
        { type: 'paragraph', text: `${line}.` },
        { type: 'paragraph', text: `Sent from ${v.place ?? 'an unknown place'}, country: ${v.country ?? 'unknown'}` },
        { type: 'paragraph', text: `Date: ${v.date}` },
        { type: 'button', label: 'View request', href: v.link },
        { type: 'link', label: LINK_LABEL.en, href: v.link },
        { type: 'note', text: 'You get this email because you requested files with Ferry.' },
      ],
    };
  },
  zh: (v) => {
    const line = `${v.who ? `${v.who} ` : '有人'}向您的文件请求发送了 ${v.fileName}`;
    return {
      subject: line,
      preheader: `接收时间：${v.date}。`,
      blocks: [
        { type: 'heading', text: '您的文件请求收到了新文件' },
        { type: 'paragraph', text: `${line}。` },
        { type: 'paragraph', text: `发送地点：${v.place ?? '未知地点'}，国家/地区：${v.country ?? '未知'}` },
        { type: 'paragraph', text: `时间：${v.date}` },
        { type: 'button', label: '查看请求', href: v.link },
        { type: 'link', label: LINK_LABEL.zh, href: v.link },
        { type: 'note', text: '您收到此邮件，是因为您通过 Ferry 发起了文件请求。' },
      ],
    };
  },
};

export interface DownloadDigestVars {
  /** The downloads listed, oldest first (at most DIGEST_LISTED). */
  downloads: NotificationMailVars[];
  /** Downloads in the digest beyond those listed. */
  unlisted: number;
  link: string;
}

/** The sender's one mail for several downloads of a transfer within a few minutes. */
export const downloadDigestTemplate: MailTemplate<DownloadDigestVars> = {
  en: (v) => {
    const count = v.downloads.length + v.unlisted;
    const first = v.downloads[0];
    return {
      subject: `Your files were downloaded ${count} times`,
      preheader: first ? `${downloadLine.en(first)} and ${count - 1} more.` : '',
      blocks: [
        { type: 'heading', text: 'Your files were downloaded' },
        ...v.downloads.map((d) => ({ type: 'paragraph' as const, text: `${downloadLine.en(d)} (country: ${d.country ?? 'unknown'}) on ${d.date}.` })),
        ...(v.unlisted > 0 ? [{ type: 'paragraph' as const, text: `And ${v.unlisted} more: the transfer page lists every download.` }] : []),
        { type: 'button', label: 'View transfer', href: v.link },
        { type: 'link', label: LINK_LABEL.en, href: v.link },
        { type: 'note', text: 'You get this email because you sent these files with Ferry. Downloads within a few minutes come in one email.' },
      ],
    };
  },
  zh: (v) => {
    const count = v.downloads.length + v.unlisted;
    const first = v.downloads[0];
    return {
      subject: `您的文件被下载了 ${count} 次`,
      preheader: first ? `${downloadLine.zh(first)}，另有 ${count - 1} 次下载。` : '',
      blocks: [
        { type: 'heading', text: '您的文件已被下载' },
        ...v.downloads.map((d) => ({ type: 'paragraph' as const, text: `${downloadLine.zh(d)}（国家/地区：${d.country ?? '未知'}，时间：${d.date}）。` })),
        ...(v.unlisted > 0 ? [{ type: 'paragraph' as const, text: `另有 ${v.unlisted} 次下载，传输页面列出了全部下载记录。` }] : []),
        { type: 'button', label: '查看传输', href: v.link },
        { type: 'link', label: LINK_LABEL.zh, href: v.link },
        { type: 'note', text: '您收到此邮件，是因为您通过 Ferry 发送了这些文件。几分钟内的多次下载会合并在一封邮件中。' },
      ],
    };
  },
};
