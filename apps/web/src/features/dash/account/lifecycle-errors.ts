import type { ApiProblem } from '../../../app/api-error';

/** The `account` key of the message for a failed lifecycle call. */
export function lifecycleErrorKey(problem: ApiProblem): string {
  switch (problem.code) {
    case 'EMAIL_TAKEN':
      return 'lifecycle.errors.emailTaken';
    case 'CODE_INCORRECT':
      return 'lifecycle.errors.codeIncorrect';
    case 'CODE_EXPIRED':
      return 'lifecycle.errors.codeExpired';
    case 'TOO_MANY_ATTEMPTS':
    case 'RESEND_TOO_SOON':
    case 'RATE_LIMITED':
      return 'lifecycle.errors.tooMany';
    case 'CURRENT_PASSWORD_INCORRECT':
      return 'lifecycle.errors.passwordIncorrect';
    case 'VALIDATION_FAILED':
      return 'lifecycle.errors.invalid';
    default:
      return 'lifecycle.errors.failed';
  }
}
