import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';

/** Ten years either way: enough for any expiry, trial or grace period a test moves past. */
const MAX_SHIFT_MS = 10 * 366 * 24 * 3_600_000;
const ZShiftMs = z.number().int().min(-MAX_SHIFT_MS).max(MAX_SHIFT_MS);

/**
 * `POST /test-clock`: move the clock forward (`advanceMs`, added to the offset in force) or set
 * the offset from real time (`offsetMs`; 0 puts the clock back).
 */
export const ZTestClockBody = z.union([z.strictObject({ advanceMs: ZShiftMs }), z.strictObject({ offsetMs: ZShiftMs })]);
export type TTestClockBody = z.infer<typeof ZTestClockBody>;

/** The services' time: real time plus the offset. */
export const ZTestClock = z.object({
  /** ISO date of the services' now. */
  now: z.string(),
  /** The same as epoch ms. */
  nowMs: z.number().int(),
  offsetMs: z.number().int(),
});
export type TTestClock = z.infer<typeof ZTestClock>;

/**
 * The test clock (FERRY_TEST_CLOCK=1 only), served by transfers: every service that decides on
 * time reads the offset it stores. Without the setting both answer 404 NOT_FOUND.
 */
export const TEST_CLOCK_RPC = {
  get: defineRpc('svc.transfers.test-clock-get', z.object({}), ZTestClock),
  set: defineRpc('svc.transfers.test-clock-set', ZTestClockBody, ZTestClock),
};
