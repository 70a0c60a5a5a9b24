import type { TEST_CLOCK_RPC, TTestClock } from '@ferry/contracts';
import { testClockView } from './get-test-clock';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { testClockOffError } from './transfers.errors';

/** `POST /test-clock`: moves the time of every service of the environment (FERRY_TEST_CLOCK=1 only, else 404). */
export async function moveTestClock(deps: TransfersDeps, request: RpcRequest<typeof TEST_CLOCK_RPC.set>): Promise<TTestClock> {
  if (!deps.testClock.isTest) throw testClockOffError();
  await deps.testClock.move(request);
  return testClockView(deps.testClock);
}
