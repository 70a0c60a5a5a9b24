import type { MailTemplate } from '../domain/mail.types';

export interface DownloadHostBrokenVars {
  host: string;
  /** What the host's CNAME points to now; null when there is none. */
  found: string | null;
  cnameTarget: string;
  settingsLink: string;
}

/** The company's download host failed its re-check: links are back on Ferry's address until the record is fixed. */
export const downloadHostBrokenTemplate: MailTemplate<DownloadHostBrokenVars> = {
  en: ({ host, found, cnameTarget, settingsLink }) => ({
    subject: `Your download domain ${host} stopped working`,
    preheader: `New links use Ferry's address until the CNAME record of ${host} points to ${cnameTarget} again.`,
    blocks: [
      { type: 'heading', text: 'Your download domain stopped working' },
      { type: 'paragraph', text: found ? `${host} now points to ${found}, not to ${cnameTarget}.` : `We no longer find a CNAME record for ${host}.` },
      { type: 'paragraph', text: `Until the record points to ${cnameTarget} again, your transfers and requests use Ferry's own address, so every link keeps working.` },
      { type: 'button', label: 'Check the domain settings', href: settingsLink },
    ],
  }),
  zh: ({ host, found, cnameTarget, settingsLink }) => ({
    subject: `您的下载域名 ${host} 已失效`,
    preheader: `在 ${host} 的 CNAME 记录重新指向 ${cnameTarget} 之前，新链接将使用 Ferry 的地址。`,
    blocks: [
      { type: 'heading', text: '您的下载域名已失效' },
      { type: 'paragraph', text: found ? `${host} 现在指向 ${found}，而不是 ${cnameTarget}。` : `我们已找不到 ${host} 的 CNAME 记录。` },
      { type: 'paragraph', text: `在该记录重新指向 ${cnameTarget} 之前，您的传输和文件请求将使用 Ferry 自己的地址，所有链接都可以继续使用。` },
      { type: 'button', label: '查看域名设置', href: settingsLink },
    ],
  }),
};
