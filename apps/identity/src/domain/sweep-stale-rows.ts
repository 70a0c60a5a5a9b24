import { DAY_MS, HOUR_MS, type IdentityDeps } from './identity.deps';

/**
 * Deletes what no rule reads any more: revocations past their tokens' expiry, login throttles quiet
 * for a day, reset requests older than the hour they are counted in, code failures older than the
 * 24 h lockout window. Run every few minutes; answers how many rows went.
 */
export async function sweepStaleRows(deps: Pick<IdentityDeps, 'store' | 'clock'>): Promise<number> {
  const now = deps.clock();
  return deps.store.deleteStaleRows({
    now,
    throttlesBefore: new Date(now.getTime() - DAY_MS),
    resetRequestsBefore: new Date(now.getTime() - HOUR_MS),
    codeFailuresBefore: new Date(now.getTime() - DAY_MS),
  });
}
