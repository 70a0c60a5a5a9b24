import { AppError } from '@ferry/contracts';

/** Messages the web app shows or matches on (PRODUCT.md section 8); keep them word for word. */
export const CODE_INCORRECT_MESSAGE = 'Incorrect code, check your email and try again.';
export const EMAIL_TAKEN_MESSAGE = 'This email has been taken';
export const AUTH_FAILED_MESSAGE = 'Auth Failed';

export const codeIncorrectError = () => new AppError('CODE_INCORRECT', { message: CODE_INCORRECT_MESSAGE });
export const codeExpiredError = () =>
  new AppError('CODE_EXPIRED', { message: 'This code has expired, request a new one.' });
export const tooManyCodeAttemptsError = (retryAfterSeconds: number) =>
  new AppError('TOO_MANY_ATTEMPTS', { message: 'Too many attempts, request a new code later.', details: { retryAfterSeconds } });
export const resendTooSoonError = (retryAfterSeconds: number) =>
  new AppError('RESEND_TOO_SOON', { message: 'A code was just sent, wait a moment before asking again.', details: { retryAfterSeconds } });
/** RATE_LIMITED, not TOO_MANY_ATTEMPTS (which tells the code screens to ask for a new code): the login just waits. */
export const tooManyLoginAttemptsError = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', {
    message: `Too many failed logins, try again in ${retryAfterSeconds} s.`,
    details: { retryAfterSeconds },
  });
export const tooManyResetRequestsError = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', {
    message: `Too many reset links asked for this email, try again in ${Math.ceil(retryAfterSeconds / 60)} min.`,
    details: { retryAfterSeconds },
  });
export const emailTakenError = () => new AppError('EMAIL_TAKEN', { message: EMAIL_TAKEN_MESSAGE });
export const emailNotVerifiedError = () =>
  new AppError('EMAIL_NOT_VERIFIED', { message: 'Verify your email before signing up.' });
export const authFailedError = () => new AppError('AUTH_FAILED', { message: AUTH_FAILED_MESSAGE });
export const refreshInvalidError = () =>
  new AppError('REFRESH_INVALID', { message: 'Your session has ended, please log in again.' });
export const resetTokenInvalidError = () =>
  new AppError('RESET_TOKEN_INVALID', { message: 'This reset link is invalid or has expired.' });
export const userNotFoundError = () => new AppError('USER_NOT_FOUND', { message: 'No such user' });
export const teamAdminOnlyError = () =>
  new AppError('FORBIDDEN', { message: 'Only the team admin can manage the team.' });
export const inviteResendTooSoonError = (retryAfterSeconds: number) =>
  new AppError('RESEND_TOO_SOON', { message: 'This invite was just sent, wait a moment before sending it again.', details: { retryAfterSeconds } });
export const teamLimitReachedError = (limit: number) =>
  new AppError('TEAM_LIMIT_REACHED', {
    message: limit > 1 ? `Your plan allows a team of ${limit}, you included.` : 'Your plan does not include a team.',
    details: { limit },
  });
export const inviteNotFoundError = () =>
  new AppError('INVITE_NOT_FOUND', { message: 'This invite is invalid, used or expired.' });
