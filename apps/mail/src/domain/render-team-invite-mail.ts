import type { TTeamInviteCreated } from '@ferry/contracts';
import { teamInviteTemplate } from '../templates/team-invite.template';
import type { RenderedMail } from './mail.types';
import { renderMail } from './render-mail';

/** The page where an invitation is accepted (PRODUCT.md: /invite/{id}). */
export function teamInviteLink(publicUrl: string, inviteToken: string): string {
  return `${publicUrl}/invite/${encodeURIComponent(inviteToken)}`;
}

/** The team-invite mail: who invites, to which company, and the link valid for 7 days. */
export function renderTeamInviteMail(
  event: Pick<TTeamInviteCreated, 'adminName' | 'adminEmail' | 'company' | 'inviteToken' | 'lang'>,
  options: { publicUrl: string },
): RenderedMail {
  const content = teamInviteTemplate[event.lang]({
    adminName: event.adminName?.trim() || null,
    adminEmail: event.adminEmail,
    company: event.company?.trim() || null,
    link: teamInviteLink(options.publicUrl, event.inviteToken),
  });
  return renderMail(content, { lang: event.lang, publicUrl: options.publicUrl });
}
