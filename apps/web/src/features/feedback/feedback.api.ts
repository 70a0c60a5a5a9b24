import type { TFeedbackBody } from '@ferry/contracts';
import { api } from '../../app/api';

/** `POST /feedback`: with the bearer when signed in, so the feedback is kept with the user. */
export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendFeedback: build.mutation<null, TFeedbackBody>({
      query: (body) => ({ url: '/feedback', method: 'POST', body }),
      transformResponse: () => null,
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
