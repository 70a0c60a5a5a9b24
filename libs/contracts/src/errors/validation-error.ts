import type { z } from 'zod';
import { AppError } from './app-error';

type TIssue = z.core.$ZodIssue;

/**
 * The issue worth naming: for a union none of whose shapes fit, the deepest issue of the shape
 * that came closest, a wrong value before a wrong type (so `{fileId, extra}` names `extra`, not
 * the whole body).
 */
function telling(issue: TIssue): TIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const nested = issue.errors
    .map((branch) => branch[0])
    .filter((first): first is TIssue => first !== undefined)
    .map((first) => {
      const inner = telling(first);
      return { ...inner, path: [...issue.path, ...inner.path] };
    });
  const score = (candidate: TIssue) => candidate.path.length * 2 + (candidate.code === 'invalid_type' ? 0 : 1);
  const best = nested.sort((a, b) => score(b) - score(a))[0];
  return best && score(best) > issue.path.length * 2 ? best : issue;
}

/** Turns a zod failure into a 400 that names the first failing field. */
export function toValidationError(error: z.ZodError, where = 'body'): AppError {
  const first = error.issues[0];
  const issue = first ? telling(first) : undefined;
  const path = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : where;
  let message = issue?.message ?? 'Invalid input';
  if (issue?.code === 'unrecognized_keys') {
    const keys = issue.keys;
    const prefix = issue.path.length > 0 ? `${path}.` : '';
    message = `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.map((key) => `${prefix}${key}`).join(', ')}`;
    return new AppError('VALIDATION_FAILED', { message, details: { field: keys[0] === undefined ? path : `${prefix}${keys[0]}`, where } });
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
