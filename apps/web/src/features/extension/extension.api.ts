import { TRANSFER_ROUTES, ZExtensionResult, type THttpResponse } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';
import { publicCall } from '../download/public-api';

const { extend } = TRANSFER_ROUTES;

/** `POST /extensions/{token}`: the sender's one-click extension link (48 hours, once). */
export const extensionApi = api.injectEndpoints({
  endpoints: (build) => ({
    extendLink: build.mutation<THttpResponse<typeof extend>, string>({
      queryFn: (token, queryApi) => publicCall(routeArgs(extend, { params: { token } }), queryApi, ZExtensionResult),
    }),
  }),
});

export const { useExtendLinkMutation } = extensionApi;
