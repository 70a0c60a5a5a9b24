import type { MailTemplate } from '../domain/mail.types';

export interface ExpiryReminderVars {
  sender: string;
  fileCount: number;
  fileNames: string[];
  expiry: string;
  link: string;
}

/** To a recipient who has not downloaded yet, a day before the link expires (the sender's setting). */
export const expiryReminderTemplate: MailTemplate<ExpiryReminderVars> = {
  en: (v) => {
    const files = v.fileCount === 1 ? 'file' : `${v.fileCount} files`;
    return {
      subject: `Reminder: the ${files} from ${v.sender} expire tomorrow`,
      preheader: `Download before ${v.expiry}.`,
      blocks: [
        { type: 'heading', text: `The ${files} from ${v.sender} expire tomorrow` },
        { type: 'paragraph', text: v.fileNames.join(', ') + (v.fileCount > v.fileNames.length ? ` and ${v.fileCount - v.fileNames.length} more` : '') },
        { type: 'paragraph', text: `You have not downloaded them yet. The link works until ${v.expiry}.` },
        { type: 'button', label: 'Download files', href: v.link },
        { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: v.link },
        { type: 'note', text: 'The sender asked for this reminder, sent once before the link expires.' },
      ],
    };
  },
  zh: (v) => {
    const files = v.fileCount === 1 ? '文件' : ` ${v.fileCount} 个文件`;
    return {
      subject: `提醒：${v.sender} 发送给您的${files}将于明天过期`,
      preheader: `请在 ${v.expiry} 前下载。`,
      blocks: [
        { type: 'heading', text: `${v.sender} 发送给您的${files}将于明天过期` },
        { type: 'paragraph', text: v.fileNames.join('、') + (v.fileCount > v.fileNames.length ? `，还有 ${v.fileCount - v.fileNames.length} 个文件` : '') },
        { type: 'paragraph', text: `您还没有下载这些文件。链接有效期至 ${v.expiry}。` },
        { type: 'button', label: '下载文件', href: v.link },
        { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: v.link },
        { type: 'note', text: '发件人要求在链接过期前提醒您一次。' },
      ],
    };
  },
};
