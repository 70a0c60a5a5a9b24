import type { EventDef } from '@ferry/contracts';
import type { BusLogger } from './bus.types';

/** Event ids one observer remembers, so a republished event is passed on once. */
const REMEMBERED_IDS = 1_000;

/**
 * What both transports do with one observed message: validate it against the event's
 * schema, skip an event id already passed on, run the handler and log what it throws.
 */
export function createObserverDelivery<T extends { eventId: string }>(
  event: EventDef<T>,
  handler: (event: T) => void | Promise<void>,
  log: BusLogger,
): (raw: unknown) => Promise<void> {
  const seen = new Set<string>();
  return async (raw) => {
    const parsed = event.schema.safeParse(raw);
    if (!parsed.success) {
      log.warn({ subject: event.subject, issues: parsed.error.issues }, 'observed event failed validation; dropped');
      return;
    }
    const { eventId } = parsed.data;
    if (seen.has(eventId)) return;
    seen.add(eventId);
    // A Set iterates in insertion order: the first value is the oldest id.
    if (seen.size > REMEMBERED_IDS) seen.delete(seen.values().next().value as string);
    try {
      await handler(parsed.data);
    } catch (error) {
      log.warn({ subject: event.subject, eventId, err: error }, 'event observer failed');
    }
  };
}
