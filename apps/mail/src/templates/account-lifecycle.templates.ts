import type { MailTemplate } from '../domain/mail.types';

export interface AccountDeletionVars {
  /** The purge date, already formatted in the mail's language. */
  date: string;
  loginLink: string;
}

export interface DataExportVars {
  link: string;
  days: number;
}

/** The account will be deleted after the grace period; logging in cancels it. */
export const accountDeletionTemplate: MailTemplate<AccountDeletionVars> = {
  en: ({ date, loginLink }) => ({
    subject: 'Your Ferry account will be deleted',
    preheader: `Your account and everything in it will be deleted on ${date}.`,
    blocks: [
      { type: 'heading', text: 'Your account will be deleted' },
      { type: 'paragraph', text: `You asked us to delete your Ferry account. On ${date} your account, your transfers, requests, files and contacts will be deleted for good.` },
      { type: 'paragraph', text: 'Changed your mind? Log in before then and the deletion is canceled.' },
      { type: 'button', label: 'Log in to keep my account', href: loginLink },
      { type: 'note', text: "If you didn't ask for this, log in now and change your password." },
    ],
  }),
  zh: ({ date, loginLink }) => ({
    subject: '您的 Ferry 账户将被删除',
    preheader: `您的账户及其中的所有内容将于 ${date} 删除。`,
    blocks: [
      { type: 'heading', text: '您的账户将被删除' },
      { type: 'paragraph', text: `您已申请删除 Ferry 账户。${date}，您的账户、传输、文件请求、文件和联系人将被永久删除。` },
      { type: 'paragraph', text: '改变主意了？在此之前登录即可取消删除。' },
      { type: 'button', label: '登录以保留账户', href: loginLink },
      { type: 'note', text: '如果这不是您本人的操作，请立即登录并修改密码。' },
    ],
  }),
};

/** The export of the user's data is ready: a link to the ZIP. */
export const dataExportTemplate: MailTemplate<DataExportVars> = {
  en: ({ link, days }) => ({
    subject: 'Your Ferry data export is ready',
    preheader: `Download a ZIP of your Ferry data. The link works for ${days} days.`,
    blocks: [
      { type: 'heading', text: 'Your data export is ready' },
      { type: 'paragraph', text: 'The ZIP holds your account, your transfers with their download logs, your requests and your contacts, as JSON files.' },
      { type: 'button', label: 'Download my data', href: link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: link },
      { type: 'paragraph', text: `The link works for ${days} days.` },
      { type: 'note', text: "If you didn't ask for an export, someone may be using your account: change your password." },
    ],
  }),
  zh: ({ link, days }) => ({
    subject: '您的 Ferry 数据导出已就绪',
    preheader: `下载您的 Ferry 数据 ZIP 文件，链接 ${days} 天内有效。`,
    blocks: [
      { type: 'heading', text: '您的数据导出已就绪' },
      { type: 'paragraph', text: 'ZIP 文件以 JSON 格式包含您的账户、传输及其下载记录、文件请求和联系人。' },
      { type: 'button', label: '下载我的数据', href: link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: link },
      { type: 'paragraph', text: `此链接 ${days} 天内有效。` },
      { type: 'note', text: '如果您没有申请导出，可能有人在使用您的账户，请修改密码。' },
    ],
  }),
};
