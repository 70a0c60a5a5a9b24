import type { ApiProblem } from '../../app/api-error';

/**
 * The auth namespace key for what the gateway answered. Messages are looked up by the stable error
 * code, never by the server's English text, so the Chinese interface reads Chinese.
 */
export function authErrorKey(problem: ApiProblem): string {
  if (problem.status === 'network') return problem.code === 'NETWORK' ? 'errors.connection' : 'errors.unexpected';
  switch (problem.code) {
    case 'AUTH_FAILED':
      return 'errors.authFailed';
    case 'CODE_INCORRECT':
      return 'errors.codeIncorrect';
    case 'CODE_EXPIRED':
      return 'errors.codeExpired';
    case 'TOO_MANY_ATTEMPTS':
      return 'errors.tooManyAttempts';
    case 'RESEND_TOO_SOON':
      return 'errors.resendTooSoon';
    case 'RATE_LIMITED':
      return 'errors.rateLimited';
    case 'EMAIL_TAKEN':
      return 'errors.emailTaken';
    case 'EMAIL_NOT_VERIFIED':
      return 'errors.emailNotVerified';
    case 'RESET_TOKEN_INVALID':
      return 'errors.resetInvalid';
    case 'INVITE_NOT_FOUND':
      return 'errors.inviteNotFound';
    case 'VALIDATION_FAILED':
      return 'errors.validation';
    default:
      return problem.status >= 500 ? 'errors.serverTrouble' : 'errors.unexpected';
  }
}
