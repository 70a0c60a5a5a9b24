import { ERROR_STATUS, isErrorCode, type TErrorCode } from './error-codes';

export interface AppErrorOptions {
  /** Overrides the status the code normally has. */
  status?: number;
  message?: string;
  /** Safe, user-facing detail (for example the field that failed validation). */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The plain form an AppError takes when it crosses a process boundary. */
export interface TAppErrorJson {
  code: TErrorCode;
  status: number;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * An expected failure with a stable code. The bus carries it between services and
 * the gateway turns it into `{ error: { code, message, requestId } }`.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor(code: TErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    if (options.details) this.details = options.details;
  }

  toJSON(): TAppErrorJson {
    return {
      code: this.code,
      status: this.status,
      message: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }

  static fromJSON(json: { code: string; status?: number; message?: string; details?: Record<string, unknown> }): AppError {
    const code: TErrorCode = isErrorCode(json.code) ? json.code : 'INTERNAL';
    return new AppError(code, { status: json.status, message: json.message, details: json.details });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
