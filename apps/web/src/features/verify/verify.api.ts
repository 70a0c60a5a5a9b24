import { RECEIPT_ROUTES, type THttpResponse } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';

/** `POST /receipts/verify`: the receipt checked against the keys this Ferry publishes. */
export const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyReceipt: build.mutation<THttpResponse<typeof RECEIPT_ROUTES.verify>, { receipt: unknown; sha256?: string }>({
      query: (body) => routeArgs(RECEIPT_ROUTES.verify, { body }),
    }),
  }),
});

export const { useVerifyReceiptMutation } = verifyApi;
