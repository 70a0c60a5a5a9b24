import pino, { type Logger } from 'pino';

export type { Logger };

export interface LoggerOptions {
  service: string;
  level?: string;
}

/** JSON logs to stdout with the service's name on every line; secrets are redacted. */
export function createLogger(options: LoggerOptions): Logger {
  return pino({
    name: options.service,
    level: options.level ?? 'info',
    base: { service: options.service },
    redact: {
      paths: [
        'password',
        '*.password',
        'refreshToken',
        '*.refreshToken',
        'accessToken',
        '*.accessToken',
        'req.headers.authorization',
        'req.headers.cookie',
        'code',
        '*.code',
        'token',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
