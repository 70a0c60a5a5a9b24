import { STORAGE_RPC, type DASHBOARD_RPC, type TAnalytics } from '@ferry/contracts';
import { ownerIdOf } from './access';
import { storageSummary, utcDay, windowStart, zeroFilledDays } from './analytics-rules';
import { EXPIRING_MS, type RpcRequest, type TransfersDeps } from './transfers.deps';

/**
 * `GET /analytics?days=30`: the downloads of the caller's transfers over the last `days` UTC days
 * (per day, per country, the top 5 transfers), the unseen and expiring transfers now, and the
 * storage the account uses against its plan.
 */
export async function getAnalytics(deps: TransfersDeps, request: RpcRequest<typeof DASHBOARD_RPC.analytics>): Promise<TAnalytics> {
  const { caller, query } = request;
  const now = deps.clock();
  const from = windowStart(now, query.days);
  const [stats, states, usage] = await Promise.all([
    deps.store.downloadStatsOf(caller.sub, from),
    deps.store.transferStatesOf(caller.sub, now, new Date(now.getTime() + EXPIRING_MS)),
    deps.bus.request(STORAGE_RPC.getUsage, { ownerId: ownerIdOf(caller) }),
  ]);
  return {
    days: query.days,
    from: utcDay(from),
    to: utcDay(now),
    totalDownloads: stats.perDay.reduce((sum, d) => sum + d.count, 0),
    downloadsPerDay: zeroFilledDays(stats.perDay, now, query.days),
    downloadsByCountry: stats.byCountry,
    topTransfers: stats.top,
    unseen: states.unseen,
    expiring: states.expiring,
    storage: storageSummary(caller.role, usage.bytes),
  };
}
