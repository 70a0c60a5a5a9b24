import { ZExtensionResult } from '@ferry/contracts';
import { api } from '../../app/api';
import { publicCall } from '../download/public-api';

/** `POST /extensions/{token}`: the sender's one-click extension link (48 hours, once). */
export const extensionApi = api.injectEndpoints({
  endpoints: (build) => ({
    extendLink: build.mutation<{ expiryDate: number }, string>({
      queryFn: (token, queryApi) => publicCall({ url: `/extensions/${encodeURIComponent(token)}`, method: 'POST' }, queryApi, ZExtensionResult),
    }),
  }),
});

export const { useExtendLinkMutation } = extensionApi;
