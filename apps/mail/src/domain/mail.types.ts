import type { TLang } from '@ferry/contracts';

/** The mails this service sends; also the `kind` column of `sent_mails`. */
export type MailKind = 'account-deletion' | 'data-export' | 'email-code' | 'password-reset' | 'team-invite' | 'transfer-download' | 'transfer-extension-offer' | 'transfer-extended' | 'transfer-expiry-reminder' | 'downloaded' | 'request-uploaded' | 'trial-ending' | 'payment-failed' | 'receipt' | 'subscription-canceled' | 'download-host-broken' | 'sending-domain-broken';

/**
 * One piece of a mail's body. Templates describe a mail with blocks of plain text;
 * the renderer alone turns them into HTML (escaping every value) and into the text part.
 */
export type MailBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  /** A verification code, shown large. */
  | { type: 'code'; text: string }
  /** The mail's main action. */
  | { type: 'button'; label: string; href: string }
  /** The action's address spelled out, for clients that do not show buttons. */
  | { type: 'link'; label: string; href: string }
  | { type: 'note'; text: string };

export interface MailContent {
  subject: string;
  /** The line an inbox shows beside the subject. */
  preheader: string;
  blocks: MailBlock[];
}

/** A mail's wording in each language, from the values it needs. */
export type MailTemplate<TVars> = Record<TLang, (vars: TVars) => MailContent>;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The slice of a pino logger the domain uses. */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}
