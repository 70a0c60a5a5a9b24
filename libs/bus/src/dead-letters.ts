import type { JetStreamManager, StoredMsg } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { withJetStream, type AdminNatsOptions } from './jetstream-admin';
import { natsNames, type NatsNames } from './nats-names';

/** One event a consumer gave up on, as the operator sees it (the payload stays sealed where it was). */
export interface DeadLetter {
  /** Its sequence in `FERRY_DLQ`: what `replay --seq` takes. */
  seq: number;
  /** The durable consumer that gave up (`dlq.<consumer>`). */
  consumer: string;
  /** Where it was published first, and where a replay publishes it again. */
  subject: string;
  eventId: string | null;
  reason: string;
  deadLetteredAt: string;
}

const DLQ = 'dlq.';

export type DeadLetterOptions = AdminNatsOptions;

async function storedLetters(jsm: JetStreamManager, names: NatsNames, consumer: string | undefined): Promise<StoredMsg[]> {
  const info = await jsm.streams.info(names.deadLetterStream);
  const found: StoredMsg[] = [];
  for (let seq = info.state.first_seq; info.state.messages > 0 && seq <= info.state.last_seq; seq += 1) {
    const message = await jsm.streams.getMessage(names.deadLetterStream, { seq }).catch(() => null);
    if (message && (!consumer || message.subject === names.wire(`${DLQ}${consumer}`))) found.push(message);
  }
  return found;
}

function describe(message: StoredMsg, names: NatsNames): DeadLetter {
  let eventId: string | null = null;
  try {
    const payload = JSON.parse(new TextDecoder().decode(message.data)) as { eventId?: unknown };
    eventId = typeof payload.eventId === 'string' ? payload.eventId : null;
  } catch {
    eventId = null;
  }
  return {
    seq: message.seq,
    consumer: names.logical(message.subject).slice(DLQ.length),
    subject: names.logical(message.header?.get('Ferry-Original-Subject') ?? ''),
    eventId,
    reason: message.header?.get('Ferry-Dead-Letter-Reason') ?? '',
    deadLetteredAt: message.time.toISOString(),
  };
}

/** The dead letters in `FERRY_DLQ`, oldest first, of one consumer or of all. */
export function listDeadLetters(url: string, options: DeadLetterOptions & { consumer?: string } = {}): Promise<DeadLetter[]> {
  const names = natsNames(options.prefix);
  return withJetStream(url, options.credentials, async (jsm) => (await storedLetters(jsm, names, options.consumer)).map((message) => describe(message, names)));
}

/**
 * Publishes dead letters again on their original subject, with their original headers (trace,
 * version, sealed fields), then removes them from `FERRY_DLQ`. Every consumer of the subject sees
 * the event again; the ones that handled it before drop it by its id (their inbox), so only the
 * consumer that gave up applies it — once, however often the replay is run.
 */
export function replayDeadLetters(url: string, options: DeadLetterOptions & { consumer: string; seq?: number }): Promise<DeadLetter[]> {
  const names = natsNames(options.prefix);
  return withJetStream(url, options.credentials, async (jsm, js) => {
    const letters = (await storedLetters(jsm, names, options.consumer)).filter((m) => options.seq === undefined || m.seq === options.seq);
    const replayed: DeadLetter[] = [];
    for (const message of letters) {
      const letter = describe(message, names);
      if (!letter.subject) continue;
      const headers = natsHeaders();
      for (const key of message.header?.keys() ?? []) {
        if (key !== 'Ferry-Dead-Letter-Reason' && key !== 'Ferry-Original-Subject' && !key.startsWith('Nats-')) headers.set(key, message.header.get(key));
      }
      // A fresh message id: the broker's dedupe window must not swallow the replay of a recent event.
      await js.publish(names.wire(letter.subject), message.data, { headers, msgID: `replay-${letter.eventId ?? 'unknown'}-${message.seq}` });
      await jsm.streams.deleteMessage(names.deadLetterStream, message.seq);
      replayed.push(letter);
    }
    return replayed;
  });
}
