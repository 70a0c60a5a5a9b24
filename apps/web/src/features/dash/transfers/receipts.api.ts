import { RECEIPT_ROUTES } from '@ferry/contracts';
import { api } from '../../../app/api';
import { routeArgs } from '../../../app/route-args';

export type ReceiptFile = { slug: string } & ({ downloadId: string; format: 'pdf' | 'json' } | { all: true });

/** The file a receipt button saves, as an object URL (kept out of the store as bytes) and its name. */
export interface SavedReceipt {
  url: string;
  name: string;
}

/**
 * The sender's receipts: one download's (PDF or signed JSON) or every download's in one JSON. The
 * bytes come with the session's bearer, so they are fetched here and handed to the browser to save.
 */
export const receiptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    fetchReceipt: build.mutation<SavedReceipt, ReceiptFile>({
      query: (file) => {
        const args =
          'all' in file
            ? routeArgs(RECEIPT_ROUTES.list, { params: { slug: file.slug } })
            : routeArgs(file.format === 'pdf' ? RECEIPT_ROUTES.pdf : RECEIPT_ROUTES.get, { params: { slug: file.slug, downloadId: file.downloadId } });
        return { ...args, responseHandler: async (res: Response) => (res.ok ? URL.createObjectURL(await res.blob()) : res.json()) };
      },
      transformResponse: (url: string, _meta, file) => ({
        url,
        name: 'all' in file ? `receipts-${file.slug}.json` : `receipt-${file.downloadId}.${file.format}`,
      }),
    }),
  }),
});

export const { useFetchReceiptMutation } = receiptsApi;

/** Hands a fetched receipt to the browser's downloads. */
export function saveReceipt(saved: SavedReceipt): void {
  const link = document.createElement('a');
  link.href = saved.url;
  link.download = saved.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(saved.url), 60_000);
}
