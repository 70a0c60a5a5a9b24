import type { TPasswordResetRequested } from '@ferry/contracts';
import { passwordResetTemplate } from '../templates/password-reset.template';
import type { RenderedMail } from './mail.types';
import { renderMail } from './render-mail';

/** The page where a reset token is exchanged for a new password (PRODUCT.md: /updatepassword?t=). */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/updatepassword?t=${encodeURIComponent(token)}`;
}

/** The password-reset mail: a single-use link valid for 30 minutes. */
export function renderPasswordResetMail(
  event: Pick<TPasswordResetRequested, 'fullName' | 'token' | 'lang'>,
  options: { publicUrl: string },
): RenderedMail {
  const content = passwordResetTemplate[event.lang]({
    fullName: event.fullName?.trim() || null,
    link: passwordResetLink(options.publicUrl, event.token),
  });
  return renderMail(content, { lang: event.lang, publicUrl: options.publicUrl });
}
