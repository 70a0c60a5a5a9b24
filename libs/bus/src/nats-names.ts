/** Every event lives in one stream; undeliverable ones are copied to the dead-letter stream. */
export const EVENT_STREAM = 'FERRY_EVENTS';
export const DEAD_LETTER_STREAM = 'FERRY_DLQ';

/** A NATS_PREFIX: lower case, digits and dashes (it becomes part of subjects and stream names). */
export const NATS_PREFIX_PATTERN = /^[a-z][a-z0-9-]{0,30}$/;

export interface NatsNames {
  eventStream: string;
  deadLetterStream: string;
  /** The subject on the wire for a logical subject (`evt.transfer.created` -> `staging.evt.transfer.created`). */
  wire(subject: string): string;
  /** The logical subject of a subject on the wire. */
  logical(subject: string): string;
}

/**
 * Stream and subject names of one environment, so that two environments (staging and a preview,
 * say) can share a NATS without seeing each other's RPCs, events or dead letters. Durable consumers
 * belong to their stream, so they are apart too. No prefix: the names Ferry always had.
 */
export function natsNames(prefix?: string): NatsNames {
  if (prefix !== undefined && prefix !== '' && !NATS_PREFIX_PATTERN.test(prefix)) {
    throw new Error(`NATS_PREFIX must be lower-case letters, digits and dashes: ${prefix}`);
  }
  const lead = prefix ? `${prefix}.` : '';
  const tail = prefix ? `_${prefix.toUpperCase().replace(/-/g, '_')}` : '';
  return {
    eventStream: `${EVENT_STREAM}${tail}`,
    deadLetterStream: `${DEAD_LETTER_STREAM}${tail}`,
    wire: (subject) => `${lead}${subject}`,
    logical: (subject) => (lead && subject.startsWith(lead) ? subject.slice(lead.length) : subject),
  };
}
