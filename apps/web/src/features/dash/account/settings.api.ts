import { SETTINGS_ROUTES, STORAGE_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { getSettings, updateSettings } = SETTINGS_ROUTES;
const { listRegions } = STORAGE_ROUTES;

/** The settings tab's transfer and request settings (quick send and the request form read them for their defaults), and the regions to time. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    settings: build.query<THttpResponse<typeof getSettings>, void>({
      query: () => routeArgs(getSettings, {}),
      providesTags: ['Me'],
    }),
    updateSettings: build.mutation<THttpResponse<typeof updateSettings>, THttpRequestBody<typeof updateSettings>>({
      query: (body) => routeArgs(updateSettings, { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(settingsApi.util.upsertQueryData('settings', undefined, result.data));
      },
    }),
    regions: build.query<THttpResponse<typeof listRegions>, void>({
      query: () => routeArgs(listRegions, {}),
    }),
  }),
});

export const { useSettingsQuery, useUpdateSettingsMutation, useRegionsQuery } = settingsApi;
