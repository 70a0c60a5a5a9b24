import type { EventConsumer, RpcHandler } from './bus.types';

/** The slice of `@ferry/db`'s ServiceClock these wrappers use. */
export interface RefreshableClock {
  /** True with FERRY_TEST_CLOCK=1: another process may move the offset. */
  readonly isTest: boolean;
  /** Reads the offset in force. */
  refresh(): Promise<void>;
}

/** `fn`, reading the clock's offset in force before each call. */
function refreshingFirst<A extends unknown[], R>(fn: (...args: A) => Promise<R>, clock: RefreshableClock): (...args: A) => Promise<R> {
  return async (...args) => {
    await clock.refresh();
    return fn(...args);
  };
}

/**
 * With the test clock on, each handler first reads the offset in force, so a move made through
 * another process counts from the very next call; on real time the handlers are left as they are.
 */
export function withFreshClock(handlers: RpcHandler[], clock: RefreshableClock): RpcHandler[] {
  if (!clock.isTest) return handlers;
  return handlers.map((handler) => ({ ...handler, fn: refreshingFirst(handler.fn, clock) }));
}

/**
 * The same for event consumers: an event handled right after a move (a code mailed just after a
 * test set the clock back) decides with the new offset, not the one read up to half a second ago.
 */
export function consumersWithFreshClock(consumers: EventConsumer[], clock: RefreshableClock): EventConsumer[] {
  if (!clock.isTest) return consumers;
  return consumers.map((item) => ({ ...item, handle: refreshingFirst(item.handle, clock) }));
}
