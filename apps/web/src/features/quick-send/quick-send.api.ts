import type { TContactList, TCompleteUpload, TCreatedTransfer, TTeam, TTransferDraft } from '@ferry/contracts';
import { api } from '../../app/api';

export type ContactRow = TContactList['items'][number];

/** Quick send's calls: the draft (with its grants), completion, contacts and the team for the Sharing tab. */
export const quickSendApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTransfer: build.mutation<TCreatedTransfer, TTransferDraft>({
      query: (body) => ({ url: '/transfers', method: 'POST', body }),
    }),
    completeTransfer: build.mutation<{ slug: string; url: string }, { id: string; uploads: TCompleteUpload[] }>({
      query: ({ id, uploads }) => ({ url: `/transfers/${encodeURIComponent(id)}/complete`, method: 'POST', body: { uploads } }),
      invalidatesTags: ['Transfers'],
    }),
    addFiles: build.mutation<TCreatedTransfer, { slug: string; files: TTransferDraft['files'] }>({
      query: ({ slug, files }) => ({ url: `/transfers/${encodeURIComponent(slug)}/files`, method: 'POST', body: { files } }),
    }),
    contacts: build.query<ContactRow[], void>({
      query: () => '/contacts',
      transformResponse: (raw: TContactList) => raw.items,
      providesTags: ['Contacts'],
    }),
    team: build.query<TTeam, void>({
      query: () => '/team',
    }),
  }),
});

export const { useCreateTransferMutation, useCompleteTransferMutation, useAddFilesMutation, useContactsQuery, useTeamQuery } = quickSendApi;
