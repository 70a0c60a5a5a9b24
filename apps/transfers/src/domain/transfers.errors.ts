import { AppError, type TDroppedFile } from '@ferry/contracts';
import { FREE_MONTHLY_TRANSFER_CAP, TRIAL_ACTION, type TBlockedNotice } from '@ferry/plans';

/** Messages the web app shows (PRODUCT.md sections 4-6); keep them word for word. */

/** The same answer for "does not exist" and "not yours": nobody learns another account's slugs. */
export const notFoundError = () => new AppError('NOT_FOUND', { message: 'Nothing to see here' });
export const fileNotInTransferError = () => new AppError('NOT_FOUND', { message: 'That file is not in this transfer' });
export const filesNotInTransferError = () => new AppError('NOT_FOUND', { message: 'Some of those files are not in this transfer' });
export const fileNotInRequestError = () => new AppError('NOT_FOUND', { message: 'That file is not in this request' });
export const noArrivedFilesError = () => new AppError('NOT_FOUND', { message: 'No files have arrived yet' });

export const fieldError = (field: string, message: string) => new AppError('VALIDATION_FAILED', { message, details: { field } });
export const noFilesError = () => fieldError('files', 'Add at least one file');
export const noRecipientsError = () => fieldError('emailTo', 'Invalid Email To Address');
export const senderEmailRequiredError = () => fieldError('senderEmail', 'Your email is required');
export const shareNeedsLoginError = () => fieldError('shareWith', 'Log in to share with your team');
export const shareOutsideTeamError = () => fieldError('shareWith', 'You can only share with members of your team');
export const customDateError = () => fieldError('expiryDate', 'Pick a date between 30 minutes and 1 year from now');
export const expiryChoiceError = () => fieldError('expirySeconds', 'Choose one of the expiry options');
/** The test clock answers as a route that is not there unless FERRY_TEST_CLOCK=1. */
export const testClockOffError = () => new AppError('NOT_FOUND', { message: 'There is no test clock: the services run on real time (FERRY_TEST_CLOCK is not 1)' });
export const noPreviewError = () => new AppError('VALIDATION_FAILED', { message: 'This file has no preview; download it instead' });
export const notExpiredError = () => new AppError('VALIDATION_FAILED', { message: 'This transfer has not expired' });

export const noFilesLeftError = (dropped: TDroppedFile[], message = 'None of these files can be sent') => new AppError('NO_FILES_LEFT', { message, details: { dropped } });
export const filesAlreadyThereError = (dropped: TDroppedFile[]) => noFilesLeftError(dropped, 'These files are already in the transfer');

export const emailNotVerifiedError = () =>
  new AppError('EMAIL_NOT_VERIFIED', { message: 'Verify your email first: we sent you a 5-digit code', details: { field: 'senderEmail' } });
export const linkPremiumOnlyError = () =>
  new AppError('LINK_PREMIUM_ONLY', { message: 'Hey, right now links are reserved for premium accounts.', details: { title: 'Copy link', action: TRIAL_ACTION } });
export const expiryNotAllowedError = () =>
  new AppError('EXPIRY_NOT_ALLOWED', { message: 'Expiry choices other than 1 Week need a subscription', details: { action: TRIAL_ACTION } });
/** What the free plan's monthly cap shows, as a refusal and on the dashboard (`GET /me/usage`). */
export const MONTHLY_LIMIT_NOTICE = {
  title: 'Monthly limit reached',
  message: `Free accounts can send ${FREE_MONTHLY_TRANSFER_CAP} transfers a month. Upgrade to keep sending.`,
  action: TRIAL_ACTION,
} as const;
export const monthlyLimitError = () =>
  new AppError('MONTHLY_LIMIT_REACHED', {
    message: MONTHLY_LIMIT_NOTICE.message,
    details: { title: MONTHLY_LIMIT_NOTICE.title, limit: FREE_MONTHLY_TRANSFER_CAP, action: MONTHLY_LIMIT_NOTICE.action },
  });
/** A suspended account (`revoke`) is told so; unpaid, cancelled or full storage block sending. */
export const sendingBlockedError = (notice: TBlockedNotice) =>
  new AppError(notice.reason === 'suspended' ? 'ACCOUNT_SUSPENDED' : 'SENDING_BLOCKED', {
    message: notice.message,
    details: { reason: notice.reason, title: notice.title, action: notice.action },
  });

export const notReadyError = (missing: { fileId: string; name: string }[]) =>
  new AppError('TRANSFER_NOT_READY', { message: `${missing.length} of the files have not finished uploading`, details: { missing } });
export const finishBeforeAddingError = () => new AppError('TRANSFER_NOT_READY', { message: 'Finish the transfer before adding files' });

export const transferExpiredError = () => new AppError('TRANSFER_EXPIRED', { message: 'This transfer has expired. Ask the sender for more time.' });
export const transferRestrictedError = () => new AppError('TRANSFER_RESTRICTED', { message: 'The sender has disabled this link' });
export const passwordRequiredError = () => new AppError('PASSWORD_REQUIRED', { message: 'This transfer is protected by a password' });
export const passwordIncorrectError = () => new AppError('PASSWORD_INCORRECT', { message: 'That password is not right' });
export function tooManyPasswordsError(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1_000));
  return new AppError('TOO_MANY_ATTEMPTS', {
    message: `Too many wrong passwords; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
    details: { retryAfterSeconds: seconds },
  });
}
export const tooManyUnknownLinksError = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', { message: 'Too many links that do not exist; try again in a few minutes', details: { retryAfterSeconds } });

export const extensionLinkExpiredError = () => new AppError('LINK_EXPIRED', { message: 'Link expired' });
export const requestExpiredError = () => new AppError('LINK_EXPIRED', { message: 'This request has expired. Ask the requester for a new link.' });
