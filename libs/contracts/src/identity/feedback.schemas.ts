import { z } from 'zod';
import { ZLine, ZText } from '../text/text.schemas';
import { ZEmail } from './identity.schemas';

export const FEEDBACK_COMMENT_MAX = 2000;

/** The widget's three choices: Bad, Fine, Fantastic. */
export const ZFeedbackRating = z.enum(['bad', 'fine', 'fantastic']);
export type TFeedbackRating = z.infer<typeof ZFeedbackRating>;

/** `POST /feedback`: what the feedback widget sends (anonymous visitors too). */
export const ZFeedbackBody = z.strictObject({
  rating: ZFeedbackRating,
  comment: ZText.trim().min(1, 'Write a comment').max(FEEDBACK_COMMENT_MAX, `Comment has to be at most ${FEEDBACK_COMMENT_MAX} characters`),
  /** The path the visitor was on. */
  page: ZLine.trim().max(2048).optional(),
  /** Where to answer an anonymous visitor; a signed-in user's own address is used when absent. */
  email: ZEmail.optional(),
});
export type TFeedbackBody = z.infer<typeof ZFeedbackBody>;
