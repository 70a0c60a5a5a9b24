import { DASHBOARD_ROUTES, TRANSFER_ROUTES, type THttpResponse, type TLatestDownload, type TNotification } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { usage, latestDownloads } = DASHBOARD_ROUTES;

/** How many transfers each of Home's short lists (expiring soon, never opened) shows. */
export const HOME_LIST_SIZE = 5;

/**
 * Home's numbers. Each provides a tag the bell's SSE alerts invalidate, so a download elsewhere
 * shows up without a reload ('Downloads'), and the month's count and storage follow ('Usage').
 */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    usage: build.query<THttpResponse<typeof usage>, void>({
      query: () => routeArgs(usage, {}),
      providesTags: ['Usage'],
    }),
    latestDownloads: build.query<THttpResponse<typeof latestDownloads>, void>({
      query: () => routeArgs(latestDownloads, { query: { limit: 8 } }),
      providesTags: ['Downloads'],
    }),
    homeTransfers: build.query<THttpResponse<typeof TRANSFER_ROUTES.list>, 'expiring' | 'unseen'>({
      query: (filter) => routeArgs(TRANSFER_ROUTES.list, { query: { filter, limit: HOME_LIST_SIZE } }),
      providesTags: ['Transfers', 'Downloads'],
    }),
  }),
});

export const { useUsageQuery, useLatestDownloadsQuery, useHomeTransfersQuery } = homeApi;

/** The download an SSE alert announces, as Home lists it (the refetch that follows brings the stored record). */
export function downloadOfAlert(alert: TNotification): TLatestDownload | null {
  if (alert.dlOrigin !== 'download') return null;
  return {
    id: `alert-${alert._id}`, slug: alert.slug, fileId: null, fileName: alert.fileName, all: false, receiverEmail: alert.receiverEmail,
    country_name: alert.dlCountry, countryCode: alert.dlCountryCode, city: alert.dlCity, dlDate: alert.dlDate,
  };
}

/** Puts the download an alert announces on top of Home's latest downloads at once, before the refetch answers. */
export const showAlertedDownload = (alert: TNotification) =>
  homeApi.util.updateQueryData('latestDownloads', undefined, (draft) => {
    const download = downloadOfAlert(alert);
    if (download && !draft.items.some((item) => item.id === download.id)) draft.items.unshift(download);
  });
