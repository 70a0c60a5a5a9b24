import { randomBytes } from 'node:crypto';
import type { TestDatabase } from '@ferry/db/testing';
import { waitFor, type SmtpInbox } from '@ferry/testing';
import { expect } from 'vitest';
import { ApiClient, codeFrom, serviceEnv, waitForMail } from './platform-stack';

/** Every service of the download journey, each run as its own process. */
export const JOURNEY_SERVICES = {
  identity: 'apps/identity/src/main.ts',
  mail: 'apps/mail/src/main.ts',
  'storage-credentials': 'apps/storage-credentials/src/main.ts',
  geo: 'apps/geo/src/main.ts',
  transfers: 'apps/transfers/src/main.ts',
  notifications: 'apps/notifications/src/main.ts',
  gateway: 'apps/gateway/src/main.ts',
} as const;
export type JourneyService = keyof typeof JOURNEY_SERVICES;

export interface JourneyEnvOptions {
  db: TestDatabase;
  smtp: SmtpInbox;
  natsUrl: string;
  ports: { gateway: number; storage: number };
  dataDir: string;
}

/** The environment the journey's processes share: the platform's, with local storage and a short download-mail window. */
export function journeyEnv(options: JourneyEnvOptions): Record<string, string> {
  const { ports } = options;
  return {
    ...serviceEnv(options.db, options.smtp),
    NATS_URL: options.natsUrl,
    PUBLIC_URL: `http://127.0.0.1:${ports.gateway}`,
    RATE_LIMIT_AUTH_PER_IP_PER_MINUTE: '1000',
    // The sender's mail waits for a 1-second download window instead of 5 minutes.
    DOWNLOAD_MAIL_WINDOW_SECONDS: '1',
    DOWNLOAD_DIGEST_POLL_MS: '500',
    STORAGE_PUBLIC_URL: `http://127.0.0.1:${ports.storage}`,
    DATA_DIR: options.dataDir,
    STORAGE_MASTER_KEY: randomBytes(32).toString('hex'),
    STORAGE_URL_SECRET: randomBytes(32).toString('hex'),
  };
}

/** What one service adds to the shared environment: the gateway and storage listen on their own ports. */
export function ownEnv(name: JourneyService, ports: JourneyEnvOptions['ports']): Record<string, string> {
  if (name === 'gateway') return { PORT: String(ports.gateway), TRUST_PROXY_HOPS: '1' };
  if (name === 'storage-credentials') return { PORT: String(ports.storage) };
  return {};
}

/** Resolves once every service answers through the gateway. */
export async function waitForJourneyServices(api: string): Promise<void> {
  await waitFor(
    'every service to answer through the gateway',
    async () => {
      const res = await fetch(`${api}/public/transfers/aaaaaaa`).catch(() => null);
      const geo = await fetch(`${api}/geo/me`).catch(() => null);
      const identity = await fetch(`${api}/auth/password-resets/${'x'.repeat(43)}`).catch(() => null);
      const storage = await fetch(`${api}/regions`).catch(() => null);
      return res?.status === 404 && geo?.status === 200 && identity?.status === 404 && storage?.status === 200;
    },
    90_000,
  );
}

export interface SentTransfer {
  slug: string;
  /** Amira's recipient token from her mail. */
  token: string;
  /** The bytes of site.jpg. */
  photo: Buffer;
}

/** Wei verifies his address and mails invoice.pdf and photos/site.jpg to Amira and Jonas; both mails arrive. */
export async function sendTransferToAmira(api: string, smtp: SmtpInbox, senderEmail: string): Promise<SentTransfer> {
  const sender = new ApiClient(api);
  expect((await sender.call('POST', '/auth/email-codes', { email: senderEmail, purpose: 'send' })).status).toBe(202);
  const [codeMail] = await waitForMail(smtp, senderEmail);
  expect((await sender.call('POST', '/auth/email-codes/verify', { email: senderEmail, code: codeFrom(codeMail!.text), purpose: 'send' })).status).toBe(200);

  const invoice = randomBytes(30_000);
  const photo = randomBytes(70_000);
  const created = await sender.call('POST', '/transfers', {
    sendAs: 'email',
    senderEmail,
    emailTo: ['amira@dubai.example', 'jonas@hamburg.example'],
    files: [
      { name: 'invoice.pdf', size: invoice.length },
      { name: 'site.jpg', size: photo.length, path: 'photos' },
    ],
  });
  expect(created.status).toBe(201);
  const { id, slug, uploads } = created.body as { id: string; slug: string; uploads: Array<{ uploadToken: string; single: { url: string; headers: Record<string, string> } }> };
  for (const [i, bytes] of [invoice, photo].entries()) {
    expect((await fetch(uploads[i]!.single.url, { method: 'PUT', headers: uploads[i]!.single.headers, body: bytes })).status).toBe(200);
  }
  expect((await sender.call('POST', `/transfers/${id}/complete`, { uploads: uploads.map((u) => ({ uploadToken: u.uploadToken })) })).status).toBe(200);

  const [toAmira] = await waitForMail(smtp, 'amira@dubai.example');
  await waitForMail(smtp, 'jonas@hamburg.example');
  const token = new RegExp(`/downloads/${slug}/([A-Za-z0-9]{12})`).exec(toAmira!.text ?? '')?.[1];
  expect(token).toBeDefined();
  return { slug, token: token!, photo };
}

/** Amira opens the page and downloads site.jpg through a proxy that says she is in Dubai; the signed URL's answer. */
export async function downloadPhotoFromDubai(api: string, sent: SentTransfer): Promise<{ status: number; url: string }> {
  const recipient = new ApiClient(api);
  const page = await recipient.call('GET', `/public/transfers/${sent.slug}?recipient=${sent.token}`);
  const fileId = (page.body as { files: Array<{ id: string; name: string }> }).files.find((f) => f.name === 'site.jpg')!.id;
  const download = await recipient.call('POST', `/public/transfers/${sent.slug}/downloads`, { fileId, recipient: sent.token }, { 'x-forwarded-for': '94.200.0.1' });
  return { status: download.status, url: (download.body as { url: string }).url };
}
