import { serve, type RpcHandler } from '@ferry/bus';
import { DASHBOARD_RPC } from '@ferry/contracts';
import { getUsage } from '../domain/get-usage';
import { listLatestDownloads } from '../domain/list-latest-downloads';
import type { TransfersDeps } from '../domain/transfers.deps';

/** The dashboard home's endpoints of `DASHBOARD_RPC` (usage, latest downloads), in the `transfers` queue group. */
export function dashboardHandlers(deps: TransfersDeps): RpcHandler[] {
  return [serve(deps, DASHBOARD_RPC.usage, getUsage), serve(deps, DASHBOARD_RPC.latestDownloads, listLatestDownloads)];
}
