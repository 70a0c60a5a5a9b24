/**
 * Stable error codes and their HTTP status. Codes are a contract: scripts and the
 * CLI match on them, so a code is never renamed or given another status.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BODY_TOO_LARGE: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  AUTH_FAILED: 401,
  REFRESH_INVALID: 401,
  FORBIDDEN: 403,
  CODE_INCORRECT: 403,
  CODE_EXPIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  TEAM_LIMIT_REACHED: 403,
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  RESET_TOKEN_INVALID: 404,
  INVITE_NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  ALREADY_TEAM_MEMBER: 409,
  TOO_MANY_ATTEMPTS: 429,
  RESEND_TOO_SOON: 429,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  SERVICE_TIMEOUT: 504,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: string): value is TErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}
