import { BILLING_PROVIDER_ROUTES, BILLING_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';

const { getSubscription, listInvoices, checkout, updateCard, cancel, resume } = BILLING_ROUTES;
type TSubscriptionAnswer = THttpResponse<typeof getSubscription>;

/** The admin's subscription and invoices; every change answers the new subscription and refetches usage. */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The card form's provider and Stripe's publishable key (the gateway's settings; the same for everyone). */
    getBillingConfig: build.query<THttpResponse<typeof BILLING_PROVIDER_ROUTES.config>, void>({
      query: () => routeArgs(BILLING_PROVIDER_ROUTES.config, {}),
    }),
    getSubscription: build.query<TSubscriptionAnswer, void>({
      query: () => routeArgs(getSubscription, {}),
      providesTags: ['Billing'],
    }),
    listInvoices: build.query<THttpResponse<typeof listInvoices>, void>({
      query: () => routeArgs(listInvoices, {}),
      providesTags: ['Billing'],
    }),
    checkout: build.mutation<THttpResponse<typeof checkout>, THttpRequestBody<typeof checkout>>({
      query: (body) => routeArgs(checkout, { body }),
      invalidatesTags: ['Billing', 'Usage'],
    }),
    updateCard: build.mutation<TSubscriptionAnswer, THttpRequestBody<typeof updateCard>>({
      query: (body) => routeArgs(updateCard, { body }),
      invalidatesTags: ['Billing', 'Usage'],
    }),
    cancelSubscription: build.mutation<TSubscriptionAnswer, void>({
      query: () => routeArgs(cancel, { body: {} }),
      invalidatesTags: ['Billing'],
    }),
    resumeSubscription: build.mutation<TSubscriptionAnswer, void>({
      query: () => routeArgs(resume, { body: {} }),
      invalidatesTags: ['Billing'],
    }),
  }),
});

export const {
  useGetBillingConfigQuery,
  useGetSubscriptionQuery,
  useListInvoicesQuery,
  useCheckoutMutation,
  useUpdateCardMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
} = billingApi;
