import { BILLING_ROUTES, type THttpRequestBody, type THttpResponse } from '@ferry/contracts';
import { api } from '../../app/api';
import { routeArgs } from '../../app/route-args';

const { checkCoupon, redeemLifetimeCode } = BILLING_ROUTES;

/** The promotion code field (checks a code) and the lifetime-deal page (redeems one). */
export const couponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkCoupon: build.mutation<THttpResponse<typeof checkCoupon>, THttpRequestBody<typeof checkCoupon>>({
      query: (body) => routeArgs(checkCoupon, { body }),
    }),
    redeemLifetimeCode: build.mutation<THttpResponse<typeof redeemLifetimeCode>, THttpRequestBody<typeof redeemLifetimeCode>>({
      query: (body) => routeArgs(redeemLifetimeCode, { body }),
      invalidatesTags: ['Me', 'Usage'],
    }),
  }),
});

export const { useCheckCouponMutation, useRedeemLifetimeCodeMutation } = couponsApi;
