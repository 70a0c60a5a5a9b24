import type { TCodePurpose } from '@ferry/contracts';
import type { MailTemplate } from '../domain/mail.types';

export interface EmailCodeVars {
  code: string;
  purpose: TCodePurpose;
}

/** Minutes a code stays valid (identity's rule, repeated in the mail). */
export const EMAIL_CODE_VALID_MINUTES = 10;

export const emailCodeTemplate: MailTemplate<EmailCodeVars> = {
  en: ({ code, purpose }) => ({
    subject: purpose === 'register' ? 'Your Ferry verification code' : purpose === 'change-email' ? 'Your Ferry code to change your email' : 'Your Ferry code to send your transfer',
    preheader: `Confirm your email with this code. It is valid for ${EMAIL_CODE_VALID_MINUTES} minutes.`,
    blocks: [
      { type: 'heading', text: 'Confirm your email' },
      {
        type: 'paragraph',
        text:
          purpose === 'register'
            ? 'Enter this code to confirm your email and create your Ferry account:'
            : purpose === 'change-email'
              ? 'Enter this code in your Ferry profile to make this address your account email:'
              : 'Enter this code to confirm your email and send your transfer:',
      },
      { type: 'code', text: code },
      { type: 'paragraph', text: `The code is valid for ${EMAIL_CODE_VALID_MINUTES} minutes.` },
      {
        type: 'note',
        text: 'If you found this email in your spam or junk folder, mark it as “Not spam” so that your next Ferry emails reach your inbox.',
      },
      { type: 'note', text: "If you didn't ask for this code, you can safely ignore this email." },
    ],
  }),
  zh: ({ code, purpose }) => ({
    subject: purpose === 'register' ? '您的 Ferry 验证码' : purpose === 'change-email' ? '您的 Ferry 验证码：更改账户邮箱' : '您的 Ferry 验证码：确认邮箱以发送文件',
    preheader: `请使用此验证码确认您的邮箱，${EMAIL_CODE_VALID_MINUTES} 分钟内有效。`,
    blocks: [
      { type: 'heading', text: '确认您的邮箱' },
      {
        type: 'paragraph',
        text:
          purpose === 'register'
            ? '请输入以下验证码确认您的邮箱，完成 Ferry 账户注册：'
            : purpose === 'change-email'
              ? '请在 Ferry 个人资料中输入以下验证码，将此邮箱设为您的账户邮箱：'
              : '请输入以下验证码确认您的邮箱，即可发送您的文件：',
      },
      { type: 'code', text: code },
      { type: 'paragraph', text: `验证码 ${EMAIL_CODE_VALID_MINUTES} 分钟内有效。` },
      {
        type: 'note',
        text: '如果此邮件出现在垃圾邮件文件夹中，请将其标记为“非垃圾邮件”，以便后续的 Ferry 邮件能正常送达收件箱。',
      },
      { type: 'note', text: '如果这不是您本人的操作，请忽略此邮件。' },
    ],
  }),
};
