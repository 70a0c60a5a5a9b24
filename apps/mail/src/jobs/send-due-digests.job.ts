import type { Knex } from '@ferry/db';
import type { DeliveryResult, MailToDeliver } from '../domain/deliver-mail';
import type { MailLogger } from '../domain/mail.types';
import { renderDownloadDigestMail } from '../domain/render-download-digest-mail';
import { claimDueDigest, digestNotifications, markDigestSent, postponeDigest } from '../store/download-digests.store';

export interface SendDueDigestsDeps {
  db: Knex;
  publicUrl: string;
  deliver(trx: Knex.Transaction, mail: MailToDeliver): Promise<DeliveryResult>;
  log: MailLogger;
  now: () => Date;
}

/** A digest whose mail failed waits this long before the next try. */
const RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * Mails every digest whose window has ended, each in its own transaction: the digest is locked,
 * its one mail claimed under the digest's id (so it goes out once, whichever replica sends it)
 * and the digest closed. Returns how many digests were closed.
 */
export async function sendDueDigests(deps: SendDueDigestsDeps): Promise<number> {
  let closed = 0;
  for (;;) {
    let digestId: string | null = null;
    try {
      const isClosed = await deps.db.transaction(async (trx) => {
        const now = deps.now();
        const digest = await claimDueDigest(trx, now);
        if (!digest) return false;
        digestId = digest.id;
        const notifications = await digestNotifications(trx, digest.id);
        if (notifications.length > 0) {
          const { kind, mail } = renderDownloadDigestMail({ lang: digest.lang, notifications }, { publicUrl: deps.publicUrl });
          await deps.deliver(trx, { eventId: digest.id, kind, to: digest.recipient, lang: digest.lang, expiresAt: null, mail });
        }
        await markDigestSent(trx, digest.id, now);
        deps.log.info({ digestId: digest.id, downloads: notifications.length }, 'download digest closed');
        return true;
      });
      if (!isClosed) return closed;
      closed += 1;
    } catch (error) {
      if (digestId === null) throw error;
      deps.log.warn({ digestId, err: error }, 'download digest not sent; tried again later');
      await postponeDigest(deps.db, digestId, new Date(deps.now().getTime() + RETRY_AFTER_FAILURE_MS));
    }
  }
}
