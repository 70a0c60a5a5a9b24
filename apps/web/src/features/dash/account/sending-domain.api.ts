import { SENDING_DOMAIN_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { getSendingDomain, setSendingDomain, checkSendingDomain, removeSendingDomain } = SENDING_DOMAIN_ROUTES;

/** The Domain tab: the company's custom sending domain, its DKIM/SPF check and the admin's verbs on it. */
export const sendingDomainApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendingDomain: build.query<THttpResponse<typeof getSendingDomain>, void>({
      query: () => routeArgs(getSendingDomain, {}),
      providesTags: ['SendingDomain'],
    }),
    setSendingDomain: build.mutation<THttpResponse<typeof setSendingDomain>, THttpRequestBody<typeof setSendingDomain>>({
      query: (body) => routeArgs(setSendingDomain, { body }),
      invalidatesTags: ['SendingDomain'],
    }),
    checkSendingDomain: build.mutation<THttpResponse<typeof checkSendingDomain>, void>({
      query: () => routeArgs(checkSendingDomain, { body: {} }),
      invalidatesTags: ['SendingDomain'],
    }),
    removeSendingDomain: build.mutation<THttpResponse<typeof removeSendingDomain>, void>({
      query: () => routeArgs(removeSendingDomain, {}),
      invalidatesTags: ['SendingDomain'],
    }),
  }),
});

export const { useSendingDomainQuery, useSetSendingDomainMutation, useCheckSendingDomainMutation, useRemoveSendingDomainMutation } = sendingDomainApi;
