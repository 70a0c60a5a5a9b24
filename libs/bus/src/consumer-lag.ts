import { natsNames } from './nats-names';
import { withJetStream, type AdminNatsOptions } from './jetstream-admin';

/** One durable consumer of the event stream, as JetStream reports it. */
export interface ConsumerLag {
  stream: string;
  /** The durable name (`<service>--<event>`). */
  consumer: string;
  /** Messages in the stream it has not been given yet. */
  pending: number;
  /** Messages it was given and has not acknowledged yet. */
  ackPending: number;
  /** Messages given more than once and not acknowledged yet. */
  redelivered: number;
  /** What the consumer has still to get through: pending plus unacknowledged (the `ferry_consumer_lag_messages` metric). */
  lag: number;
}

/** Every durable consumer of the environment's event stream, by name. */
export function listConsumerLag(url: string, options: AdminNatsOptions = {}): Promise<ConsumerLag[]> {
  const stream = natsNames(options.prefix).eventStream;
  return withJetStream(url, options.credentials, async (jsm) => {
    const found: ConsumerLag[] = [];
    for await (const info of jsm.consumers.list(stream)) {
      found.push({
        stream,
        consumer: info.name,
        pending: info.num_pending,
        ackPending: info.num_ack_pending,
        redelivered: info.num_redelivered,
        lag: info.num_pending + info.num_ack_pending,
      });
    }
    return found.sort((a, b) => a.consumer.localeCompare(b.consumer));
  });
}
