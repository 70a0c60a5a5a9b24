import type { TLang } from '@ferry/contracts';
import type { MailKind, MailLogger, RenderedMail } from './mail.types';
import { sendWithRetry, type MailTransport } from './send-with-retry';

export interface SentMailRecord {
  eventId: string;
  kind: MailKind;
  recipient: string;
  messageId: string;
}

/** The record of sent mails, inside the delivery's transaction. */
export interface SentMailLog {
  /** Reserves the event's one mail; false when a mail for this event was already recorded. */
  claim(record: SentMailRecord): Promise<boolean>;
  markSent(eventId: string, sentAt: Date): Promise<void>;
}

export interface DeliverMailDeps {
  transport: MailTransport;
  sentMails: SentMailLog;
  log: MailLogger;
  /** The From header. */
  from: string;
  /** SMTP attempts before giving the event back to the bus. */
  attempts: number;
  baseDelayMs: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export interface MailToDeliver {
  eventId: string;
  kind: MailKind;
  to: string;
  lang: TLang;
  /** When what the mail carries (code, link) stops working; null when it does not expire. */
  expiresAt: string | null;
  mail: RenderedMail;
  /** A company's verified sending domain: its From and DKIM key (absent: Ferry's From, unsigned). */
  signer?: MailSigner;
}

export interface MailSigner {
  from: string;
  dkim: { domainName: string; keySelector: string; privateKey: string };
}

export type DeliveryResult = 'sent' | 'already-sent' | 'expired';

/** One event, one Message-ID: a receiver (or a support person) can spot a duplicate. */
export function messageIdForEvent(eventId: string): string {
  return `<${eventId}@ferry.mail>`;
}

/**
 * Sends the mail for one event at most once: the event's row in `sent_mails` is claimed
 * in the delivery's transaction before sending, so a failed send rolls the claim back
 * and a repeated delivery finds it. Mails whose code or link has already expired are
 * not sent. Logs carry the event id, kind and recipient domain, never the code or token.
 */
export async function deliverMail(deps: DeliverMailDeps, input: MailToDeliver): Promise<DeliveryResult> {
  const now = deps.now ?? (() => new Date());
  const messageId = messageIdForEvent(input.eventId);
  const logContext = {
    eventId: input.eventId,
    kind: input.kind,
    lang: input.lang,
    recipientDomain: input.to.split('@').pop(),
    messageId,
    ...(input.signer ? { sendingDomain: input.signer.dkim.domainName } : {}),
  };
  const expiresAt = input.expiresAt === null ? Number.NaN : Date.parse(input.expiresAt);
  if (Number.isFinite(expiresAt) && expiresAt <= now().getTime()) {
    deps.log.warn({ ...logContext, expiresAt: input.expiresAt }, 'mail not sent: already expired');
    return 'expired';
  }
  const isClaimed = await deps.sentMails.claim({ eventId: input.eventId, kind: input.kind, recipient: input.to, messageId });
  if (!isClaimed) {
    deps.log.info(logContext, 'mail already sent for this event');
    return 'already-sent';
  }
  await sendWithRetry(
    { transport: deps.transport, log: deps.log, attempts: deps.attempts, baseDelayMs: deps.baseDelayMs, sleep: deps.sleep },
    {
      from: input.signer?.from ?? deps.from,
      ...(input.signer ? { dkim: input.signer.dkim } : {}),
      to: input.to,
      subject: input.mail.subject,
      html: input.mail.html,
      text: input.mail.text,
      messageId,
      headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': input.lang === 'zh' ? 'zh-CN' : 'en' },
    },
    logContext,
  );
  await deps.sentMails.markSent(input.eventId, now());
  deps.log.info(logContext, 'mail sent');
  return 'sent';
}
