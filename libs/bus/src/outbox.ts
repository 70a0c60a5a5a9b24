import { randomUUID } from 'node:crypto';
import type { EventDef } from '@ferry/contracts';
import type { Knex } from 'knex';
import { SEALED_FIELDS_HEADER } from './event-sealing';
import { EVENT_VERSION_HEADER } from './event-version';
import { injectTraceHeaders } from './trace-headers';

export type EventInput<T extends { eventId: string }> = Omit<T, 'eventId'> & { eventId?: string };

/**
 * Writes an event into the service's outbox inside `trx`, so it is published if and only
 * if the state change commits. Returns the event as it will be published.
 */
export async function writeEvent<T extends { eventId: string }>(
  trx: Knex | Knex.Transaction,
  event: EventDef<T>,
  input: EventInput<T>,
): Promise<T> {
  const payload = event.schema.parse({ ...input, eventId: input.eventId ?? randomUUID() });
  const headers = injectTraceHeaders({
    [EVENT_VERSION_HEADER]: String(event.version),
    ...(event.sealed.length > 0 ? { [SEALED_FIELDS_HEADER]: event.sealed.join(',') } : {}),
  });
  await trx('outbox').insert({ id: payload.eventId, subject: event.subject, payload, headers });
  return payload;
}
