import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

export interface SmtpInboxOptions {
  /** Refuse this many messages (at DATA) before accepting. */
  rejectFirst?: number;
  /** The SMTP reply code of a refusal; 451 (try again later) by default. */
  rejectCode?: number;
  /** Hold every message this long before answering, to keep deliveries in flight. */
  delayMs?: number;
  /** Start listening now; false reserves the port and leaves the server down until `start()`. */
  listen?: boolean;
}

export interface SmtpInbox {
  url: string;
  /** Messages accepted, parsed. */
  messages: ParsedMail[];
  /** Messages offered, refused ones included. */
  offered(): number;
  start(): Promise<void>;
  waitForMessages(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Accepted messages addressed to `address` (case-insensitive). */
  mailsTo(address: string): ParsedMail[];
  /** The bytes of an accepted message as they came over SMTP (for signature checks such as DKIM). */
  rawOf(message: ParsedMail): Buffer;
  /** Waits until `count` messages to `address` arrived. */
  waitForMailsTo(address: string, count?: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

function recipientsOf(message: ParsedMail): string[] {
  const to = Array.isArray(message.to) ? message.to : message.to ? [message.to] : [];
  return to.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/** A real SMTP server on 127.0.0.1 that keeps what it accepts. */
export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const raws = new WeakMap<ParsedMail, Buffer>();
  let offered = 0;
  let listening = false;
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const index = offered;
      offered += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          if (index < (options.rejectFirst ?? 0)) {
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: options.rejectCode ?? 451 });
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then(
            (parsed) => {
              raws.set(parsed, raw);
              messages.push(parsed);
              callback();
            },
            (error: Error) => callback(error),
          );
        }, options.delayMs ?? 0);
      });
    },
  });
  const inbox: SmtpInbox = {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    offered: () => offered,
    async start() {
      if (listening) return;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      });
      listening = true;
    },
    waitForMessages: (count, timeoutMs) =>
      waitFor(`${count} message(s) in the SMTP inbox`, () => messages.length >= count && messages, timeoutMs),
    rawOf(message) {
      const raw = raws.get(message);
      if (!raw) throw new Error('not a message of this inbox');
      return raw;
    },
    mailsTo: (address) => messages.filter((m) => recipientsOf(m).includes(address.toLowerCase())),
    waitForMailsTo: (address, count = 1, timeoutMs) =>
      waitFor(`${count} message(s) to ${address}`, () => (inbox.mailsTo(address).length >= count ? inbox.mailsTo(address) : undefined), timeoutMs),
    async close() {
      if (!listening) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  if (options.listen ?? true) await inbox.start();
  return inbox;
}
