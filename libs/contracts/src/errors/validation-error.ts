import type { z } from 'zod';
import { AppError } from './app-error';

/** Turns a zod failure into a 400 that names the first failing field. */
export function toValidationError(error: z.ZodError, where = 'body'): AppError {
  const issue = error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : where;
  let message = issue?.message ?? 'Invalid input';
  if (issue?.code === 'unrecognized_keys') {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    message = `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;
    return new AppError('VALIDATION_FAILED', { message, details: { field: keys[0] ?? path, where } });
  }
  return new AppError('VALIDATION_FAILED', {
    message: `${path}: ${message}`,
    details: { field: path, where },
  });
}

/** Parses or throws a VALIDATION_FAILED AppError. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, where = 'body'): T {
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(result.error, where);
  return result.data;
}
