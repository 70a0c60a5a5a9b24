import { consumer, type EventConsumer } from '@ferry/bus';
import { REQUEST_UPLOADED } from '@ferry/contracts';
import { alertFromRequestUpload } from '../domain/alerts';
import { NOTIFICATION_RETRY, type NotificationConsumerDeps } from './notification-consumer.deps';

/** Files arrived through a file request: the requester's feed and mail. */
export function onRequestUploaded(deps: NotificationConsumerDeps): EventConsumer {
  return consumer(REQUEST_UPLOADED, {
    durable: 'notifications--request-uploaded',
    db: deps.db,
    ...NOTIFICATION_RETRY,
    handle: (event, { trx }) => deps.record(trx, alertFromRequestUpload(event, deps.now())),
  });
}
