import { serve, type RpcHandler } from '@ferry/bus';
import { TEST_CLOCK_RPC } from '@ferry/contracts';
import type { ServiceClock } from '@ferry/db';
import { getTestClock } from '../domain/get-test-clock';
import { moveTestClock } from '../domain/move-test-clock';
import type { TransfersDeps } from '../domain/transfers.deps';

/** `TEST_CLOCK_RPC`: read and move the test clock (404 NOT_FOUND on real time). */
export function testClockHandlers(deps: TransfersDeps): RpcHandler[] {
  return [serve(deps, TEST_CLOCK_RPC.get, getTestClock), serve(deps, TEST_CLOCK_RPC.set, moveTestClock)];
}

/**
 * With the test clock on, each handler first reads the offset in force, so a move made through
 * another process counts from the very next call; on real time the handlers are left as they are.
 */
export function withFreshClock(handlers: RpcHandler[], clock: Pick<ServiceClock, 'isTest' | 'refresh'>): RpcHandler[] {
  if (!clock.isTest) return handlers;
  return handlers.map((handler) => ({
    ...handler,
    fn: async (request: unknown, context) => {
      await clock.refresh();
      return handler.fn(request, context);
    },
  }));
}
