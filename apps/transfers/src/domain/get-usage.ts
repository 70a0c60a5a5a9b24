import type { DASHBOARD_RPC, TUsage } from '@ferry/contracts';
import { FREE_MONTHLY_TRANSFER_CAP, getPlanLimits, isMonthlyCapReached } from '@ferry/plans';
import { storageSummary } from './analytics-rules';
import { savedRegionOf } from './saved-region';
import { senderStanding } from './sender-checks';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** The plan's transfers a month, or null: a plan whose cap is reached at the free cap has that cap. */
const monthlyCapOf = (role: string): number | null => (isMonthlyCapReached(role, FREE_MONTHLY_TRANSFER_CAP) ? FREE_MONTHLY_TRANSFER_CAP : null);

/**
 * `GET /me/usage`: what the dashboard home and quick send show before a send is tried, counted
 * by the same rules that refuse a send (this month's transfers, storage, the account's status).
 */
export async function getUsage(deps: TransfersDeps, request: RpcRequest<typeof DASHBOARD_RPC.usage>): Promise<TUsage> {
  const { caller } = request;
  const [standing, region] = await Promise.all([senderStanding(deps, caller), savedRegionOf(deps, caller)]);
  return {
    role: getPlanLimits(caller.role).role,
    region,
    transfersThisMonth: standing.sentThisMonth,
    monthlyCap: monthlyCapOf(caller.role),
    storage: storageSummary(caller.role, standing.bytes),
    blocked: standing.block,
  };
}
