import { DOWNLOAD_HOST_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { getDownloadHost, setDownloadHost, checkDownloadHost, removeDownloadHost } = DOWNLOAD_HOST_ROUTES;

/** The Domain tab: the company's custom download host, its CNAME check and the admin's verbs on it. */
export const downloadHostApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadHost: build.query<THttpResponse<typeof getDownloadHost>, void>({
      query: () => routeArgs(getDownloadHost, {}),
      providesTags: ['DownloadHost'],
    }),
    setDownloadHost: build.mutation<THttpResponse<typeof setDownloadHost>, THttpRequestBody<typeof setDownloadHost>>({
      query: (body) => routeArgs(setDownloadHost, { body }),
      invalidatesTags: ['DownloadHost'],
    }),
    checkDownloadHost: build.mutation<THttpResponse<typeof checkDownloadHost>, void>({
      query: () => routeArgs(checkDownloadHost, { body: {} }),
      invalidatesTags: ['DownloadHost'],
    }),
    removeDownloadHost: build.mutation<THttpResponse<typeof removeDownloadHost>, void>({
      query: () => routeArgs(removeDownloadHost, {}),
      invalidatesTags: ['DownloadHost'],
    }),
  }),
});

export const { useDownloadHostQuery, useSetDownloadHostMutation, useCheckDownloadHostMutation, useRemoveDownloadHostMutation } = downloadHostApi;
