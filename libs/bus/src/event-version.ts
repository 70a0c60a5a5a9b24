import type { MessageHeaders } from './bus.types';

/** The version of the event's schema its producer wrote; 1 when a producer wrote none. */
export const EVENT_VERSION_HEADER = 'Ferry-Event-Version';

export function eventVersionOf(headers: MessageHeaders): number {
  const version = Number(headers[EVENT_VERSION_HEADER] ?? '1');
  return Number.isInteger(version) && version > 0 ? version : 1;
}
