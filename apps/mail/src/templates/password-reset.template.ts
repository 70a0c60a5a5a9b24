import type { MailTemplate } from '../domain/mail.types';

export interface PasswordResetVars {
  fullName: string | null;
  link: string;
}

/** Minutes a reset link stays valid (identity's rule, repeated in the mail). */
export const PASSWORD_RESET_VALID_MINUTES = 30;

export const passwordResetTemplate: MailTemplate<PasswordResetVars> = {
  en: ({ fullName, link }) => ({
    subject: 'Reset your Ferry password',
    preheader: `Choose a new password. The link is valid for ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
    blocks: [
      { type: 'heading', text: 'Reset your password' },
      { type: 'paragraph', text: fullName ? `Hi ${fullName},` : 'Hello,' },
      {
        type: 'paragraph',
        text: 'We received a request to reset the password of your Ferry account. Use the button below to choose a new one.',
      },
      { type: 'button', label: 'Choose a new password', href: link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: link },
      { type: 'paragraph', text: `The link is valid for ${PASSWORD_RESET_VALID_MINUTES} minutes and works once.` },
      { type: 'note', text: "If you didn't ask for a password reset, ignore this email; your password stays unchanged." },
    ],
  }),
  zh: ({ fullName, link }) => ({
    subject: '重置您的 Ferry 密码',
    preheader: `请设置新密码，链接 ${PASSWORD_RESET_VALID_MINUTES} 分钟内有效。`,
    blocks: [
      { type: 'heading', text: '重置密码' },
      { type: 'paragraph', text: fullName ? `${fullName}，您好：` : '您好：' },
      { type: 'paragraph', text: '我们收到了重置您 Ferry 账户密码的请求。请点击下方按钮设置新密码。' },
      { type: 'button', label: '设置新密码', href: link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: link },
      { type: 'paragraph', text: `此链接 ${PASSWORD_RESET_VALID_MINUTES} 分钟内有效，且只能使用一次。` },
      { type: 'note', text: '如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。' },
    ],
  }),
};
