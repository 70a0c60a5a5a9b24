import { serve, type RpcHandler } from '@ferry/bus';
import { TEST_CLOCK_RPC } from '@ferry/contracts';
import { getTestClock } from '../domain/get-test-clock';
import { moveTestClock } from '../domain/move-test-clock';
import type { TransfersDeps } from '../domain/transfers.deps';

/** `TEST_CLOCK_RPC`: read and move the test clock (404 NOT_FOUND on real time). */
export function testClockHandlers(deps: TransfersDeps): RpcHandler[] {
  return [serve(deps, TEST_CLOCK_RPC.get, getTestClock), serve(deps, TEST_CLOCK_RPC.set, moveTestClock)];
}
