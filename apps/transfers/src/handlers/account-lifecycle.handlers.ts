import { serve, type RpcHandler } from '@ferry/bus';
import { ACCOUNT_LIFECYCLE_RPC } from '@ferry/contracts';
import { requestDataExport, signDataExport, type DataExportDeps } from '../domain/data-export';

/** transfers' half of `ACCOUNT_LIFECYCLE_RPC`: export my data. */
export function accountLifecycleHandlers(deps: DataExportDeps): RpcHandler[] {
  return [serve(deps, ACCOUNT_LIFECYCLE_RPC.requestDataExport, requestDataExport), serve(deps, ACCOUNT_LIFECYCLE_RPC.signDataExport, signDataExport)];
}
