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
      { type: 'paragraph', text: `Until the record points to ${cnameTarget} again, new links to your transfers and requests use Ferry's own address. Links already sent on ${host} work again once the record is back.` },
      { type: 'button', label: 'Check the domain settings', href: settingsLink },
    ],
  }),
  zh: ({ host, found, cnameTarget, settingsLink }) => ({
    subject: `您的下载域名 ${host} 已失效`,
    preheader: `在 ${host} 的 CNAME 记录重新指向 ${cnameTarget} 之前，新链接将使用 Ferry 的地址。`,
    blocks: [
      { type: 'heading', text: '您的下载域名已失效' },
      { type: 'paragraph', text: found ? `${host} 现在指向 ${found}，而不是 ${cnameTarget}。` : `我们已找不到 ${host} 的 CNAME 记录。` },
      { type: 'paragraph', text: `在该记录重新指向 ${cnameTarget} 之前，您的传输和文件请求的新链接将使用 Ferry 自己的地址。已通过 ${host} 发出的链接会在记录恢复后重新可用。` },
      { type: 'button', label: '查看域名设置', href: settingsLink },
    ],
  }),
};

export interface SendingDomainBrokenVars {
  domain: string;
  settingsLink: string;
}

/** The company's sending domain failed its re-check: recipients' mails come from Ferry's address until the records are fixed. */
export const sendingDomainBrokenTemplate: MailTemplate<SendingDomainBrokenVars> = {
  en: ({ domain, settingsLink }) => ({
    subject: `Mail from ${domain} stopped`,
    preheader: `Recipients' mails come from Ferry's address until the DKIM and SPF records of ${domain} are back.`,
    blocks: [
      { type: 'heading', text: 'Your sending domain stopped working' },
      { type: 'paragraph', text: `We no longer find the DKIM or SPF record Ferry needs on ${domain}.` },
      { type: 'paragraph', text: "Until the records are back, mails to your recipients come from Ferry's own address, so every mail still arrives." },
      { type: 'button', label: 'Check the domain settings', href: settingsLink },
    ],
  }),
  zh: ({ domain, settingsLink }) => ({
    subject: `来自 ${domain} 的邮件已停止`,
    preheader: `在 ${domain} 的 DKIM 和 SPF 记录恢复之前，收件人的邮件将使用 Ferry 的地址发送。`,
    blocks: [
      { type: 'heading', text: '您的发件域名已失效' },
      { type: 'paragraph', text: `我们已找不到 ${domain} 上 Ferry 所需的 DKIM 或 SPF 记录。` },
      { type: 'paragraph', text: '在这些记录恢复之前，发给您收件人的邮件将使用 Ferry 自己的地址发送，所有邮件仍会送达。' },
      { type: 'button', label: '查看域名设置', href: settingsLink },
    ],
  }),
};
