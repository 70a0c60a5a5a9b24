import type { MailTemplate } from '../domain/mail.types';

export interface TeamInviteVars {
  adminName: string | null;
  adminEmail: string;
  company: string | null;
  link: string;
}

/** Days an invitation stays valid (identity's rule, repeated in the mail). */
export const TEAM_INVITE_VALID_DAYS = 7;

export const teamInviteTemplate: MailTemplate<TeamInviteVars> = {
  en: ({ adminName, adminEmail, company, link }) => {
    const admin = adminName ?? adminEmail;
    const inviter = adminName ? `${adminName} (${adminEmail})` : adminEmail;
    return {
      subject: company ? `${admin} invited you to join ${company} on Ferry` : `${admin} invited you to their team on Ferry`,
      preheader: `Accept the invitation within ${TEAM_INVITE_VALID_DAYS} days.`,
      blocks: [
        { type: 'heading', text: company ? `Join ${company} on Ferry` : 'Join your team on Ferry' },
        {
          type: 'paragraph',
          text: company
            ? `${inviter} has invited you to join the ${company} team on Ferry.`
            : `${inviter} has invited you to join their team on Ferry.`,
        },
        {
          type: 'paragraph',
          text: 'Ferry lets businesses send large files and request files between China, Asia, the Middle East and Europe.',
        },
        { type: 'button', label: 'Accept invitation', href: link },
        { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: link },
        { type: 'paragraph', text: `This invitation is valid for ${TEAM_INVITE_VALID_DAYS} days.` },
        { type: 'note', text: "If you weren't expecting this invitation, you can ignore this email." },
      ],
    };
  },
  zh: ({ adminName, adminEmail, company, link }) => {
    const admin = adminName ?? adminEmail;
    const inviter = adminName ? `${adminName}（${adminEmail}）` : `${adminEmail} `;
    return {
      subject: company ? `${admin} 邀请您加入 Ferry 上的「${company}」团队` : `${admin} 邀请您加入 Ferry 团队`,
      preheader: `请在 ${TEAM_INVITE_VALID_DAYS} 天内接受邀请。`,
      blocks: [
        { type: 'heading', text: company ? `加入 Ferry 上的「${company}」团队` : '加入 Ferry 团队' },
        {
          type: 'paragraph',
          text: company ? `${inviter}邀请您加入 Ferry 上的「${company}」团队。` : `${inviter}邀请您加入其在 Ferry 上的团队。`,
        },
        { type: 'paragraph', text: 'Ferry 为企业提供大文件传输与文件收集服务，连接中国、亚洲、中东与欧洲。' },
        { type: 'button', label: '接受邀请', href: link },
        { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: link },
        { type: 'paragraph', text: `此邀请 ${TEAM_INVITE_VALID_DAYS} 天内有效。` },
        { type: 'note', text: '如果您并未预期收到此邀请，请忽略此邮件。' },
      ],
    };
  },
};
