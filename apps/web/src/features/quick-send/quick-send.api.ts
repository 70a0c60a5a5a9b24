import { ACCOUNT_ROUTES, REQUEST_ROUTES, TRANSFER_ROUTES, type TContactList, type THttpRequestBody, type THttpResponse, type TTransferDraft } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';

export type ContactRow = TContactList['items'][number];

const { create, complete, addFiles } = TRANSFER_ROUTES;

/** Quick send's calls: the draft (with its grants), completion, contacts and the team for the Sharing tab. */
export const quickSendApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTransfer: build.mutation<THttpResponse<typeof create>, THttpRequestBody<typeof create>>({
      query: (body) => routeArgs(create, { body }),
    }),
    completeTransfer: build.mutation<THttpResponse<typeof complete>, { id: string } & THttpRequestBody<typeof complete>>({
      query: ({ id, uploads }) => routeArgs(complete, { params: { id }, body: { uploads } }),
      invalidatesTags: ['Transfers', 'Usage'],
    }),
    addFiles: build.mutation<THttpResponse<typeof addFiles>, { slug: string; files: TTransferDraft['files'] }>({
      query: ({ slug, files = [] }) => routeArgs(addFiles, { params: { slug }, body: { files } }),
    }),
    contacts: build.query<ContactRow[], void>({
      query: () => routeArgs(REQUEST_ROUTES.listContacts, {}),
      transformResponse: (raw: THttpResponse<typeof REQUEST_ROUTES.listContacts>) => raw.items,
      providesTags: ['Contacts'],
    }),
    team: build.query<THttpResponse<typeof ACCOUNT_ROUTES.getTeam>, void>({
      query: () => routeArgs(ACCOUNT_ROUTES.getTeam, {}),
    }),
  }),
});

export const { useCreateTransferMutation, useCompleteTransferMutation, useAddFilesMutation, useContactsQuery, useTeamQuery } = quickSendApi;
