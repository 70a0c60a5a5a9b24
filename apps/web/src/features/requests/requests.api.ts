import {
  REQUEST_ROUTES,
  ZCompletedRequestUpload,
  ZPublicRequest,
  ZRequestUploadStarted,
  type THttpRequestBody,
  type THttpResponse,
} from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';
import { publicCall } from '../download/public-api';

const { publicGet, startUpload, completeUpload } = REQUEST_ROUTES;

/** The `/r/{slug}` page's calls: the request, grants for a batch of files, and completing it. */
export const requestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicRequest: build.query<THttpResponse<typeof publicGet>, string>({
      queryFn: (slug, queryApi) => publicCall(routeArgs(publicGet, { params: { slug } }), queryApi, ZPublicRequest),
    }),
    startRequestUpload: build.mutation<THttpResponse<typeof startUpload>, { slug: string; body: THttpRequestBody<typeof startUpload> }>({
      queryFn: ({ slug, body }, queryApi) => publicCall(routeArgs(startUpload, { params: { slug }, body }), queryApi, ZRequestUploadStarted),
    }),
    completeRequestUpload: build.mutation<THttpResponse<typeof completeUpload>, { slug: string; uploadId: string } & THttpRequestBody<typeof completeUpload>>({
      queryFn: ({ slug, uploadId, uploads }, queryApi) =>
        publicCall(routeArgs(completeUpload, { params: { slug, uploadId }, body: { uploads } }), queryApi, ZCompletedRequestUpload),
    }),
  }),
});

export const { useGetPublicRequestQuery, useStartRequestUploadMutation, useCompleteRequestUploadMutation } = requestsApi;
