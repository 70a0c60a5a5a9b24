import type { TEmailCodeRequested } from '@ferry/contracts';
import { emailCodeTemplate } from '../templates/email-code.template';
import type { RenderedMail } from './mail.types';
import { renderMail } from './render-mail';

/** The verification-code mail: the 5-digit code, what it confirms and how long it lasts. */
export function renderEmailCodeMail(
  event: Pick<TEmailCodeRequested, 'code' | 'purpose' | 'lang'>,
  options: { publicUrl: string },
): RenderedMail {
  const content = emailCodeTemplate[event.lang]({ code: event.code, purpose: event.purpose });
  return renderMail(content, { lang: event.lang, publicUrl: options.publicUrl });
}
