import { z } from 'zod';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a zod object whose keys are the variable names.
 * A bad or missing value fails at boot with the variable's name and what was wrong.
 */
export function loadConfig<T extends z.ZodObject>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join('.') || '(environment)';
    const value = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    const shown = value === undefined ? 'unset' : JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
    return `  ${name} (${shown}): ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Shared env parsers, so every service reads the same variable the same way. */
export const envPort = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);
export const envUrl = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
    } catch {
      return false;
    }
  }, `must be a URL with protocol ${protocols.join(' or ')}`);
export const envLogLevel = () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
export const envDurationMs = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** NATS_PREFIX: an environment's own NATS streams and subjects (lower case, digits, dashes); unset by default. */
export function envNatsPrefix() {
  return z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,30}$/, 'must be lower-case letters, digits and dashes, starting with a letter')
    .optional();
}
