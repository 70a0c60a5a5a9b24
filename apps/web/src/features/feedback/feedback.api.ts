import { FEEDBACK_ROUTES, type THttpRequestBody } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';

const { sendFeedback } = FEEDBACK_ROUTES;

/** `POST /feedback`: with the bearer when signed in, so the feedback is kept with the user. */
export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<null, THttpRequestBody<typeof sendFeedback>>({
      query: (body) => routeArgs(sendFeedback, { body }),
      transformResponse: () => null,
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
