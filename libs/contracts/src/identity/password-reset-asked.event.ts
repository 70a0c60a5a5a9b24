import { z } from 'zod';
import { defineEvent, ZEventBase } from '../messaging/define-event';
import { ZLang } from './identity.schemas';

/**
 * Someone asked for a reset link for `email`, an account or not. The request answers once this
 * is written, the same way for every address; identity's own consumer then looks the account up
 * and, when there is one, issues the token (PASSWORD_RESET_REQUESTED), off the request path.
 */
export const ZPasswordResetAsked = ZEventBase.extend({
  email: z.string(),
  lang: ZLang.nullable(),
  at: z.string(),
});
export type TPasswordResetAsked = z.infer<typeof ZPasswordResetAsked>;
export const PASSWORD_RESET_ASKED = defineEvent('evt.password-reset.asked', 1, ZPasswordResetAsked);
