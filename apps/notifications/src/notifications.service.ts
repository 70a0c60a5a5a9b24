import { startOutboxRelay, type Bus } from '@ferry/bus';
import { GEO_RPC, USER_SETTINGS_RPC } from '@ferry/contracts';
import type { Knex } from '@ferry/db';
import type { Logger } from '@ferry/service-kit';
import type { NotificationsConfig } from './config';
import { isMailSwitchOn } from './domain/mail-switch';
import type { Alert, MailSwitch } from './domain/notifications.ports';
import { recordNotification } from './domain/record-notification';
import { onRequestUploaded } from './events/on-request-uploaded.consumer';
import { onTransferDownloaded } from './events/on-transfer-downloaded.consumer';
import { onAccountDeleted } from './events/on-account-deleted.consumer';
import { notificationsHandlers } from './handlers/notifications.handlers';
import { notificationFeed, notificationWriter } from './store/notifications.store';

export interface NotificationsServiceDeps {
  /** The `notifications` schema, migrated with `notificationsMigrations`. */
  db: Knex;
  bus: Bus;
  log: Logger;
  config: NotificationsConfig;
}

export interface RunningNotifications {
  /** Stops relaying events; drain the bus and close the pool after it. */
  stop(): Promise<void>;
}

/** Serves `svc.notifications.*`, turns downloads and request uploads into notifications and relays their events. */
export async function startNotifications(deps: NotificationsServiceDeps): Promise<RunningNotifications> {
  const { db, bus, config } = deps;
  const log = deps.log.child({ component: 'notifications' });
  const relay = startOutboxRelay({ db, bus, log });
  const lookup = (ip: string) => bus.request(GEO_RPC.lookup, { ip }, { timeoutMs: config.GEO_TIMEOUT_MS });
  // Asked when the alert is handled, so a switch turned off also quiets transfers and requests made before.
  const isMailOn: MailSwitch = async (userId, origin) => isMailSwitchOn(await bus.request(USER_SETTINGS_RPC.getSettings, { userId }), origin);
  const record = async (trx: Knex.Transaction, alert: Alert) => {
    const notification = await recordNotification({ writer: notificationWriter(trx), lookup, isMailOn }, alert);
    if (!notification) {
      log.info({ eventId: alert.sourceEventId }, 'notification already recorded for this event');
      return;
    }
    // The created event is in the outbox once the delivery's transaction commits.
    void trx.executionPromise.then(() => relay.kick(), () => undefined);
    log.info(
      { eventId: alert.sourceEventId, notificationId: notification._id, origin: notification.dlOrigin, countryCode: notification.dlCountryCode, isListed: alert.userId !== null },
      'notification recorded',
    );
  };
  try {
    const consumerDeps = { db, record, now: () => new Date() };
    await bus.serve('notifications', notificationsHandlers(notificationFeed(db)));
    await bus.consume([onTransferDownloaded(consumerDeps), onRequestUploaded(consumerDeps), onAccountDeleted(db)]);
  } catch (error) {
    await relay.stop();
    throw error;
  }
  log.info({ geoTimeoutMs: config.GEO_TIMEOUT_MS }, 'notifications is serving');
  return {
    async stop() {
      await relay.stop();
    },
  };
}
