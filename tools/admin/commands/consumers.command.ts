import { listConsumerLag } from '@ferry/bus';
import { row, type AdminEnv, type AdminIo } from './admin-env';

/** `consumers`: each durable consumer's lag, pending, unacknowledged and redelivered messages. */
export async function showConsumers(env: AdminEnv, io: AdminIo): Promise<number> {
  const consumers = await listConsumerLag(env.natsUrl, env.nats);
  io.out(row('stream', 'consumer', 'lag', 'pending', 'ack_pending', 'redelivered'));
  for (const c of consumers) io.out(row(c.stream, c.consumer, c.lag, c.pending, c.ackPending, c.redelivered));
  return 0;
}
