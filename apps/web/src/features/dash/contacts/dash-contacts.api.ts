import { REQUEST_ROUTES, type THttpResponse } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

const { listContacts } = REQUEST_ROUTES;

/** Contacts on one page (the API's default). */
export const CONTACTS_PAGE_SIZE = 50;

/** The contacts page's list: searched by email, name or company on the server, paged. */
export const dashContactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contactPage: build.query<THttpResponse<typeof listContacts>, { search: string; skip: number }>({
      query: ({ search, skip }) => routeArgs(listContacts, { query: { ...(search ? { search } : {}), skip, limit: CONTACTS_PAGE_SIZE } }),
      providesTags: ['Contacts'],
    }),
  }),
});

export const { useContactPageQuery } = dashContactsApi;
