import { TRANSFER_ROUTES, type THttpRequestBody, type THttpResponse, type TTransferListQuery } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { list, get, delete: remove, restrict, share, forward, extendOwned } = TRANSFER_ROUTES;

export type TransferListArgs = Pick<TTransferListQuery, 'filter' | 'sort' | 'skip' | 'limit'> & { search?: string };

/**
 * The dashboard's transfer calls. The list and the open transfer provide 'Transfers' (and the
 * transfer 'Downloads'), so the bell's SSE alerts refresh them: a new download appears live.
 */
export const transfersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTransfers: build.query<THttpResponse<typeof list>, TransferListArgs>({
      query: ({ search, ...query }) => routeArgs(list, { query: { ...query, ...(search ? { search } : {}) } }),
      providesTags: ['Transfers'],
    }),
    getTransfer: build.query<THttpResponse<typeof get>, string>({
      query: (slug) => routeArgs(get, { params: { slug } }),
      providesTags: ['Transfers', 'Downloads'],
    }),
    deleteTransfer: build.mutation<null, string>({
      query: (slug) => routeArgs(remove, { params: { slug } }),
      invalidatesTags: ['Transfers', 'Usage', 'Analytics'],
    }),
    restrictTransfer: build.mutation<null, { slug: string; restricted: boolean }>({
      query: ({ slug, restricted }) => routeArgs(restrict, { params: { slug }, body: { restricted } }),
      invalidatesTags: ['Transfers'],
    }),
    extendTransfer: build.mutation<THttpResponse<typeof extendOwned>, string>({
      query: (slug) => routeArgs(extendOwned, { params: { slug } }),
      invalidatesTags: ['Transfers'],
    }),
    shareTransfer: build.mutation<null, { slug: string; shareWith: string[] }>({
      query: ({ slug, shareWith }) => routeArgs(share, { params: { slug }, body: { shareWith } }),
      invalidatesTags: ['Transfers'],
    }),
    forwardTransfer: build.mutation<THttpResponse<typeof forward>, { slug: string; body: THttpRequestBody<typeof forward> }>({
      query: ({ slug, body }) => routeArgs(forward, { params: { slug }, body }),
      invalidatesTags: ['Transfers', 'Usage', 'Contacts'],
    }),
  }),
});

export const {
  useListTransfersQuery,
  useGetTransferQuery,
  useDeleteTransferMutation,
  useRestrictTransferMutation,
  useExtendTransferMutation,
  useShareTransferMutation,
  useForwardTransferMutation,
} = transfersApi;
