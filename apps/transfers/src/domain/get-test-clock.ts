import type { TEST_CLOCK_RPC, TTestClock } from '@ferry/contracts';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { testClockOffError } from './transfers.errors';

/** The test clock as every service reads it: its now and its offset from real time. */
export function testClockView(clock: TransfersDeps['testClock']): TTestClock {
  const now = clock.now();
  return { now: now.toISOString(), nowMs: now.getTime(), offsetMs: clock.offsetMs() };
}

/** `GET /test-clock`: 404 unless the services run with FERRY_TEST_CLOCK=1. */
export async function getTestClock(deps: TransfersDeps, _request: RpcRequest<typeof TEST_CLOCK_RPC.get>): Promise<TTestClock> {
  if (!deps.testClock.isTest) throw testClockOffError();
  return testClockView(deps.testClock);
}
