import { REQUEST_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { list, create, get, delete: remove, download } = REQUEST_ROUTES;

/** Requests on one page of the list (the API's default). */
export const REQUESTS_PAGE_SIZE = 30;

/**
 * The requester's side of file requests: the list, one request with its files, create, delete and
 * a signed URL for one file or a ZIP of all. The list and the detail provide 'Requests', which the
 * bell's SSE alerts invalidate, so a file that arrives shows up without a reload.
 */
export const dashRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myRequests: build.query<THttpResponse<typeof list>, { skip: number }>({
      query: ({ skip }) => routeArgs(list, { query: { skip, limit: REQUESTS_PAGE_SIZE } }),
      providesTags: ['Requests'],
    }),
    myRequest: build.query<THttpResponse<typeof get>, string>({
      query: (slug) => routeArgs(get, { params: { slug } }),
      providesTags: ['Requests'],
    }),
    createRequest: build.mutation<THttpResponse<typeof create>, THttpRequestBody<typeof create>>({
      query: (body) => routeArgs(create, { body }),
      invalidatesTags: ['Requests'],
    }),
    deleteRequest: build.mutation<void, string>({
      query: (slug) => routeArgs(remove, { params: { slug } }),
      invalidatesTags: ['Requests'],
    }),
    requestDownloadUrl: build.mutation<THttpResponse<typeof download>, { slug: string; body: THttpRequestBody<typeof download> }>({
      query: ({ slug, body }) => routeArgs(download, { params: { slug }, body }),
    }),
  }),
});

export const { useMyRequestsQuery, useMyRequestQuery, useCreateRequestMutation, useDeleteRequestMutation, useRequestDownloadUrlMutation } = dashRequestsApi;
