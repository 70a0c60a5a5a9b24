import { BRANDING_ROUTES, type TBrandingSettings, type THttpRequestBody, type THttpResponse, type TPictureKind, type TUploadGrant } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';
import { userUpdated, type SessionState } from '../../app/session.slice';
import { rememberCompany } from './company-logo-storage';

const { getBranding, updateBranding, createPictureGrant, setPicture, clearPicture } = BRANDING_ROUTES;

/**
 * Every answer is the company's brand now: the cache and the browser's remembered logo follow it.
 * Only a mutation's answer is written into `getBranding`'s cache: an upsert runs that query's
 * `onQueryStarted` again, so the query itself writing one would loop for ever (the dashboard froze
 * after login).
 */
async function keepBranding(
  queryFulfilled: Promise<{ data: TBrandingSettings }>,
  { dispatch, getState }: { dispatch: (action: unknown) => unknown; getState: () => unknown },
  options: { upsert: boolean },
): Promise<void> {
  const result = await queryFulfilled.catch(() => null);
  if (!result) return;
  if (options.upsert) dispatch(brandingApi.util.upsertQueryData('getBranding', undefined, result.data));
  const user = (getState() as { session: SessionState }).session.user;
  // The header's avatar shows the new profile picture at once.
  if (user && user.profilePic !== result.data.profilePic) dispatch(userUpdated({ ...user, profilePic: result.data.profilePic }));
  rememberCompany({ logoUrl: result.data.logoPic, company: user?.company ?? null });
}

/** Pictures and brand (Profile, Customize and Powered-by tabs). */
export const brandingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBranding: build.query<TBrandingSettings, void>({
      query: () => routeArgs(getBranding, {}),
      onQueryStarted: (_arg, lifecycle) => keepBranding(lifecycle.queryFulfilled, lifecycle, { upsert: false }),
    }),
    updateBranding: build.mutation<TBrandingSettings, THttpRequestBody<typeof updateBranding>>({
      query: (body) => routeArgs(updateBranding, { body }),
      onQueryStarted: (_arg, lifecycle) => keepBranding(lifecycle.queryFulfilled, lifecycle, { upsert: true }),
    }),
    createPictureGrant: build.mutation<{ grant: TUploadGrant }, { kind: TPictureKind } & THttpRequestBody<typeof createPictureGrant>>({
      query: ({ kind, ...body }) => routeArgs(createPictureGrant, { params: { kind }, body }),
    }),
    setPicture: build.mutation<THttpResponse<typeof setPicture>, { kind: TPictureKind; uploadToken: string }>({
      query: ({ kind, uploadToken }) => routeArgs(setPicture, { params: { kind }, body: { uploadToken } }),
      invalidatesTags: ['Me', 'Team'],
      onQueryStarted: (_arg, lifecycle) => keepBranding(lifecycle.queryFulfilled, lifecycle, { upsert: true }),
    }),
    clearPicture: build.mutation<THttpResponse<typeof clearPicture>, { kind: TPictureKind }>({
      query: ({ kind }) => routeArgs(clearPicture, { params: { kind } }),
      invalidatesTags: ['Me', 'Team'],
      onQueryStarted: (_arg, lifecycle) => keepBranding(lifecycle.queryFulfilled, lifecycle, { upsert: true }),
    }),
  }),
});

export const { useGetBrandingQuery, useUpdateBrandingMutation, useCreatePictureGrantMutation, useSetPictureMutation, useClearPictureMutation } = brandingApi;
