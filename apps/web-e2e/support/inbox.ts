import { INBOX_URL } from './e2e-env';

export interface InboxMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  /** MailDev names the arrival time `time` (whole seconds); `date` is kept for other inbox versions. */
  time?: string;
  date?: string;
}

/** The local inbox's messages (MailDev's REST API), newest last. */
export async function listMail(): Promise<InboxMail[]> {
  const res = await fetch(`${INBOX_URL}/api/email`);
  if (!res.ok) throw new Error(`inbox answered ${res.status}`);
  return (await res.json()) as InboxMail[];
}

/** Waits for a mail to `address` whose subject or text matches, arriving after `since` (ms). */
export async function waitForMail(address: string, match: RegExp, options: { since?: number; timeoutMs?: number } = {}): Promise<InboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const since = options.since ?? 0;
  for (;;) {
    const mails = await listMail();
    const found = mails
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()))
      .filter((m) => Date.parse(m.time ?? m.date ?? '') >= since - 1_000)
      .filter((m) => match.test(m.subject) || match.test(m.text ?? ''))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${match} within the time allowed`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The 5-digit code in a verification mail. */
export function codeIn(mail: InboxMail): string {
  const code = /\b(\d{5})\b/.exec(mail.text ?? mail.html)?.[1];
  if (!code) throw new Error(`no 5-digit code in "${mail.subject}"`);
  return code;
}

/** The first link in a mail whose path matches (e.g. /updatepassword, /downloads/). */
export function linkIn(mail: InboxMail, path: RegExp): string {
  const links = [...(mail.text + ' ' + mail.html).matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
  const link = links.find((l) => path.test(new URL(l).pathname));
  if (!link) throw new Error(`no link matching ${path} in "${mail.subject}"`);
  return link;
}

/** A fresh address for one test. */
export function uniqueEmail(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}
