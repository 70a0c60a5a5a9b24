import { AppError } from '@ferry/contracts';

export const couponInvalidError = () => new AppError('COUPON_INVALID', { message: 'This code is not valid.' });
export const couponExpiredError = () => new AppError('COUPON_EXPIRED', { message: 'This code has expired.' });
export const couponUsedUpError = () => new AppError('COUPON_USED_UP', { message: 'This code has been used up.' });
export const couponExistsError = (code: string) => new AppError('COUPON_EXISTS', { message: `A coupon with the code ${code} exists already.` });
export const lifetimeCodeInvalidError = () => new AppError('LIFETIME_CODE_INVALID', { message: 'This lifetime-deal code is not valid.' });
export const lifetimeCodeUsedError = () => new AppError('LIFETIME_CODE_USED', { message: 'This lifetime-deal code has already been redeemed.' });
export const lifetimeAlreadyRedeemedError = () =>
  new AppError('LIFETIME_ALREADY_REDEEMED', { message: 'Your account already has a lifetime deal: one code per account.' });
export const lifetimeNothingToPayError = () => new AppError('LIFETIME_ALREADY_REDEEMED', { message: 'Your account has a lifetime deal: there is nothing to pay.' });
