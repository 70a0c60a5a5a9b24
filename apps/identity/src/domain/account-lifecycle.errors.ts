import { AppError } from '@ferry/contracts';

export const currentPasswordIncorrectError = () =>
  new AppError('CURRENT_PASSWORD_INCORRECT', { message: 'Your current password is not correct.' });
export const noEmailChangeError = () => new AppError('CODE_EXPIRED', { message: 'This code has expired, request a new one.' });
