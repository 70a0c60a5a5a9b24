import { recordMail } from './mail-metrics';
import type { MailLogger } from './mail.types';

/** A message as handed to the SMTP transport (a subset of nodemailer's options). */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
  /** DKIM signing with a company's verified sending domain (nodemailer signs the message). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

/** What sends a message; nodemailer's transporter fits. */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

export interface SendWithRetryDeps {
  transport: MailTransport;
  log: MailLogger;
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the second attempt; each later wait doubles. */
  baseDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Fields of a nodemailer error that are safe to log (never the message body). */
export function describeSmtpError(error: unknown): { code?: string; responseCode?: number; message: string } {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  return {
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
    message: typeof e.message === 'string' ? e.message : String(error),
  };
}

/**
 * A 5xx reply is the server's final word on this message (unknown mailbox, policy);
 * sending it again at once will not change it, so it goes back to the bus instead.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/**
 * Sends one message, retrying transient failures (connection refused, timeouts, 4xx)
 * with exponential backoff. Throws the last error when every attempt failed.
 */
export async function sendWithRetry(deps: SendWithRetryDeps, mail: OutgoingMail, logContext: object): Promise<void> {
  const sleep = deps.sleep ?? wait;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await deps.transport.sendMail(mail);
      recordMail('sent');
      return;
    } catch (error) {
      const isLast = attempt >= deps.attempts || isPermanentSmtpFailure(error);
      deps.log.warn(
        { ...logContext, attempt, attempts: deps.attempts, smtp: describeSmtpError(error), willRetry: !isLast },
        'smtp send failed',
      );
      if (isLast) {
        recordMail('failed');
        throw error;
      }
      await sleep(deps.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
