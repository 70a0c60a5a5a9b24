import { consumer, type EventConsumer } from '@ferry/bus';
import { TRANSFER_DOWNLOADED } from '@ferry/contracts';
import { alertFromDownload } from '../domain/alerts';
import { NOTIFICATION_RETRY, type NotificationConsumerDeps } from './notification-consumer.deps';

/** Someone downloaded from a transfer: the owner's feed and the sender's mail. */
export function onTransferDownloaded(deps: NotificationConsumerDeps): EventConsumer {
  return consumer(TRANSFER_DOWNLOADED, {
    durable: 'notifications--transfer-downloaded',
    db: deps.db,
    ...NOTIFICATION_RETRY,
    handle: (event, { trx }) => deps.record(trx, alertFromDownload(event, deps.now())),
  });
}
