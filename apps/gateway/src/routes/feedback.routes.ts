import { IDENTITY_RPC, ZFeedbackBody, type TFeedbackBody } from '@ferry/contracts';
import { clientInfo, type RouteDeps } from './auth.routes';
import { defineRoute, type RouteSpec } from './route-registry';

/** The feedback widget's `POST /feedback`: kept by identity, with the user when one is signed in. */
export function feedbackRoutes({ bus }: RouteDeps): RouteSpec[] {
  return [
    defineRoute<TFeedbackBody>({
      method: 'post', path: '/feedback', tag: 'feedback', auth: 'optional',
      summary: 'Send feedback: a rating (bad, fine, fantastic) and a comment; anonymous visitors too',
      body: ZFeedbackBody, responses: { 202: null }, errors: [400, 401, 429],
      handler: async ({ body, user, req }) => {
        await bus.request(IDENTITY_RPC.submitFeedback, { ...body, userId: user?.sub ?? null, client: clientInfo(req) });
        return { status: 202 };
      },
    }),
  ];
}
