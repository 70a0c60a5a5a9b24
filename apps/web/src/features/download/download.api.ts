import { TRANSFER_ROUTES, ZDownloadUrl, ZPublicTransfer, type THttpResponse } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';
import { passwordHeaders, publicCall } from './public-api';

/** Who opens the transfer: the slug, the password once given (memory only), the mailed recipient's token. */
export interface TransferAccess {
  slug: string;
  password?: string;
  recipient?: string;
}

export type DownloadTarget = { fileId: string } | { all: true };

const { publicGet, publicDownload, requestExtension } = TRANSFER_ROUTES;
const recipientOf = (access: TransferAccess) => (access.recipient ? { recipient: access.recipient } : {});

/** The download page's calls: `GET /public/transfers/{slug}`, signed download and preview URLs, asking for more time. */
export const downloadApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicTransfer: build.query<THttpResponse<typeof publicGet>, TransferAccess>({
      queryFn: (access, queryApi) =>
        publicCall(routeArgs(publicGet, { params: { slug: access.slug }, query: recipientOf(access) }, passwordHeaders(access.password)), queryApi, ZPublicTransfer),
    }),
    /** A signed URL (600 s) of a file or the ZIP of all; the server records the download. */
    requestDownload: build.mutation<string, TransferAccess & { target: DownloadTarget }>({
      queryFn: async ({ target, ...access }, queryApi) => {
        const result = await publicCall(
          routeArgs(publicDownload, { params: { slug: access.slug }, body: { ...target, ...recipientOf(access) } }, passwordHeaders(access.password)),
          queryApi,
          ZDownloadUrl,
        );
        return result.error ? { error: result.error } : { data: result.data.url };
      },
    }),
    /** A signed URL to show an image or play the memo on the page; not recorded as a download. */
    getPreviewUrl: build.query<string, TransferAccess & { fileId: string }>({
      queryFn: async ({ fileId, ...access }, queryApi) => {
        const result = await publicCall(
          routeArgs(publicDownload, { params: { slug: access.slug }, body: { fileId, preview: true } }, passwordHeaders(access.password)),
          queryApi,
          ZDownloadUrl,
        );
        return result.error ? { error: result.error } : { data: result.data.url };
      },
      // The URL is good for 600 s; a row shown again within 5 minutes reuses it.
      keepUnusedDataFor: 300,
    }),
    askForMoreTime: build.mutation<null, TransferAccess>({
      queryFn: async (access, queryApi) => {
        const result = await publicCall(
          routeArgs(requestExtension, { params: { slug: access.slug }, body: recipientOf(access) }, passwordHeaders(access.password)),
          queryApi,
        );
        return result.error ? { error: result.error } : { data: null };
      },
    }),
  }),
});

export const { useGetPublicTransferQuery, useRequestDownloadMutation, useGetPreviewUrlQuery, useAskForMoreTimeMutation } = downloadApi;
