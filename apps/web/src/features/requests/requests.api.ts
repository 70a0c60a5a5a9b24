import {
  ZCompletedRequestUpload,
  ZPublicRequest,
  ZRequestUploadStarted,
  type TCompleteUpload,
  type TCompletedRequestUpload,
  type TPublicRequest,
  type TRequestUploadBody,
  type TRequestUploadStarted,
} from '@ferry/contracts';
import { api } from '../../app/api';
import { publicCall } from '../download/public-api';

const requestPath = (slug: string) => `/public/requests/${encodeURIComponent(slug)}`;

/** The `/r/{slug}` page's calls: the request, grants for a batch of files, and completing it. */
export const requestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicRequest: build.query<TPublicRequest, string>({
      queryFn: (slug, queryApi) => publicCall({ url: requestPath(slug) }, queryApi, ZPublicRequest),
    }),
    startRequestUpload: build.mutation<TRequestUploadStarted, { slug: string; body: TRequestUploadBody }>({
      queryFn: ({ slug, body }, queryApi) => publicCall({ url: `${requestPath(slug)}/uploads`, method: 'POST', body }, queryApi, ZRequestUploadStarted),
    }),
    completeRequestUpload: build.mutation<TCompletedRequestUpload, { slug: string; uploadId: string; uploads: TCompleteUpload[] }>({
      queryFn: ({ slug, uploadId, uploads }, queryApi) =>
        publicCall(
          { url: `${requestPath(slug)}/uploads/${encodeURIComponent(uploadId)}/complete`, method: 'POST', body: { uploads } },
          queryApi,
          ZCompletedRequestUpload,
        ),
    }),
  }),
});

export const { useGetPublicRequestQuery, useStartRequestUploadMutation, useCompleteRequestUploadMutation } = requestsApi;
