import { ZFeedbackBody } from '../identity/feedback.schemas';
import { defineHttpRoute } from './define-http-route';

/** The feedback widget: kept by identity, with the user when one is signed in. */
export const FEEDBACK_ROUTES = {
  sendFeedback: defineHttpRoute({
    method: 'post', path: '/feedback', tag: 'feedback', auth: 'optional',
    summary: 'Send feedback: a rating (bad, fine, fantastic) and a comment; anonymous visitors too',
    body: ZFeedbackBody, status: 202, errors: [400, 401, 429],
  }),
} as const;
