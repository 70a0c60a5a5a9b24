import { REQUEST_ROUTES, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { analytics } = REQUEST_ROUTES;

/** The periods the page offers, in days. */
export const PERIODS = [7, 30, 90, 365] as const;
export type Period = (typeof PERIODS)[number];

/** `GET /analytics?days=`; the bell's SSE alerts invalidate 'Analytics', so a new download shows live. */
export const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analytics: build.query<THttpResponse<typeof analytics>, Period>({
      query: (days) => routeArgs(analytics, { query: { days } }),
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useAnalyticsQuery } = analyticsApi;

/** The period in the URL (`?days=`), 30 when it is missing or not one of the offered periods. */
export function periodOf(raw: string | null): Period {
  const days = Number(raw);
  return (PERIODS as readonly number[]).includes(days) ? (days as Period) : 30;
}
