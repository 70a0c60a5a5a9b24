import { consumersWithFreshClock, createEventSealer, SEALED_FIELDS_HEADER, type Bus, type EventSealer } from '@ferry/bus';
import { SENDING_DOMAIN_RPC } from '@ferry/contracts';
import type { MailSigner } from './domain/deliver-mail';
import { openServiceClock, type Knex } from '@ferry/db';
import type { Logger } from '@ferry/service-kit';
import { createTransport } from 'nodemailer';
import type { MailConfig } from './config';
import { deliverMail, type MailToDeliver } from './domain/deliver-mail';
import { billingMailConsumers } from './events/on-billing-events.consumers';
import { accountLifecycleMailConsumers } from './events/on-account-lifecycle.consumers';
import { onEmailCodeRequested } from './events/on-email-code-requested.consumer';
import { onNotificationCreated } from './events/on-notification-created.consumer';
import { onPasswordResetRequested } from './events/on-password-reset-requested.consumer';
import { onTeamInviteCreated } from './events/on-team-invite-created.consumer';
import { onTransferCreated, onTransferExtended, onTransferExtensionOffered } from './events/on-transfer-events.consumers';
import { onTransferExpiryReminderDue } from './events/on-transfer-expiry-reminder.consumer';
import { sendDueDigests as sendDueDigestsJob } from './jobs/send-due-digests.job';
import { sentMailLog } from './store/sent-mail.store';

export interface MailServiceDeps {
  /** The `mail` schema, migrated with `mailMigrations`. */
  db: Knex;
  bus: Bus;
  log: Logger;
  config: MailConfig;
  /** The time; service tests pass their own to end digest windows (the test clock then stays off). */
  clock?: () => Date;
}

export interface RunningMail {
  /** Mails the download digests whose window has ended now (it also runs every DOWNLOAD_DIGEST_POLL_MS). */
  sendDueDigests(): Promise<number>;
  stop(): Promise<void>;
}

/** Wait before the second SMTP attempt of a delivery; it doubles for each later one. */
const SEND_BACKOFF_MS = 200;

/**
 * Bounds one SMTP attempt; the delivery's transaction stays open while it runs.
 * The URL's own query options (`?connectionTimeout=…`) take precedence.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * The company's verified sending domain for an owner's mails: identity answers the From and the DKIM
 * key sealed with EVENT_SEAL_KEY, opened here. Identity unreachable or the key unreadable: Ferry's
 * From, unsigned, and the mail goes out all the same.
 */
async function companySigner(bus: Bus, sealer: EventSealer, log: { warn(obj: object, msg?: string): void }, ownerId: string | null): Promise<MailSigner | undefined> {
  if (!ownerId) return undefined;
  try {
    const { signer } = await bus.request(SENDING_DOMAIN_RPC.signer, { userId: ownerId });
    if (!signer) return undefined;
    const { privateKey } = sealer.open({ privateKey: signer.privateKey }, { [SEALED_FIELDS_HEADER]: 'privateKey' }) as { privateKey: string };
    return { from: signer.from, dkim: { domainName: signer.domainName, keySelector: signer.keySelector, privateKey } };
  } catch (error) {
    log.warn({ err: error, ownerId }, "sending domain unavailable; Ferry's From used");
    return undefined;
  }
}

/** Starts the mail consumers (codes, resets, invites, transfers, notifications, billing) and the download digests' timer. */
export async function startMail(deps: MailServiceDeps): Promise<RunningMail> {
  const { db, bus, config } = deps;
  const serviceClock = await openServiceClock(db, { isTest: config.FERRY_TEST_CLOCK && !deps.clock, nodeEnv: config.NODE_ENV });
  const now = deps.clock ?? (() => serviceClock.now());
  const log = deps.log.child({ component: 'mail' });
  const transport = createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
  const sealer = createEventSealer(config.EVENT_SEAL_KEY, config.EVENT_SEAL_KEY_PREVIOUS ? { previous: config.EVENT_SEAL_KEY_PREVIOUS } : {});
  const consumerDeps = {
    db,
    publicUrl: config.PUBLIC_URL,
    signerFor: (ownerId: string | null) => companySigner(bus, sealer, log, ownerId),
    deliver: (trx: Knex.Transaction, mail: MailToDeliver) =>
      deliverMail(
        {
          transport,
          sentMails: sentMailLog(trx),
          log,
          from: config.MAIL_FROM,
          attempts: config.MAIL_SEND_ATTEMPTS,
          baseDelayMs: SEND_BACKOFF_MS,
          now,
        },
        mail,
      ),
  };
  let sending: Promise<unknown> = Promise.resolve();
  let isSending = false;
  const sendDueDigests = () => {
    const run = sending.then(async () => {
      isSending = true;
      try {
        await serviceClock.refresh();
        return await sendDueDigestsJob({ ...consumerDeps, log, now });
      } finally {
        isSending = false;
      }
    });
    sending = run.catch(() => undefined);
    return run;
  };
  // With the test clock, a mail handled right after a move decides expiry with the new offset.
  await bus.consume(consumersWithFreshClock([
    onEmailCodeRequested(consumerDeps),
    onPasswordResetRequested(consumerDeps),
    onTeamInviteCreated(consumerDeps),
    onTransferCreated(consumerDeps),
    onTransferExtensionOffered(consumerDeps),
    onTransferExtended(consumerDeps),
    onTransferExpiryReminderDue(consumerDeps),
    onNotificationCreated({ ...consumerDeps, downloadWindowMs: config.DOWNLOAD_MAIL_WINDOW_SECONDS * 1_000, now }),
    ...billingMailConsumers(consumerDeps),
    ...accountLifecycleMailConsumers(consumerDeps),
  ], serviceClock));
  const timer = setInterval(() => {
    // A run still going (SMTP slow or down) is not queued behind: the next tick looks again.
    if (isSending) return;
    sendDueDigests().catch((error: unknown) => log.error({ err: error }, 'sending download digests failed'));
  }, config.DOWNLOAD_DIGEST_POLL_MS);
  timer.unref();
  log.info(
    { smtpHost: new URL(config.SMTP_URL).host, attempts: config.MAIL_SEND_ATTEMPTS, downloadWindowSeconds: config.DOWNLOAD_MAIL_WINDOW_SECONDS },
    'mail consumers started',
  );
  return {
    sendDueDigests,
    async stop() {
      clearInterval(timer);
      serviceClock.close();
      await sending;
      transport.close();
    },
  };
}
