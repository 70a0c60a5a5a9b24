import { handle, type RpcHandler } from '@ferry/bus';
import { parseOrThrow, TRANSFERS_RPC, type RpcDef } from '@ferry/contracts';
import { DASHBOARD_RPC, REQUESTS_RPC } from '@ferry/contracts';
import { completeTransfer } from '../domain/complete-transfer';
import { createTransfer } from '../domain/create-transfer';
import { extendTransfer, requestExtension } from '../domain/extension';
import { getTransfer, listTransfers } from '../domain/list-transfers';
import { addFiles, deleteTransfer, forwardTransfer, restrictTransfer, shareTransfer } from '../domain/manage-transfer';
import { downloadFromTransfer, getPublicTransfer } from '../domain/public-access';
import type { TransfersDeps } from '../domain/transfers.deps';
import { getAnalytics } from '../domain/analytics';
import { listContacts } from '../domain/contacts';
import { createRequest, deleteRequest, downloadRequestFiles, getRequest, listRequests } from '../domain/file-requests';
import { completeRequestUpload, getPublicRequest, startRequestUpload } from '../domain/request-uploads';

/** Serves `rpc` with `useCase`, validating the request with the contract first. */
function serveWith<TReq, TRes>(deps: TransfersDeps, rpc: RpcDef<TReq, TRes>, useCase: (deps: TransfersDeps, request: TReq) => Promise<TRes>): RpcHandler {
  return handle(rpc, (request) => useCase(deps, parseOrThrow(rpc.request, request, 'request')));
}

/** Every endpoint of `TRANSFERS_RPC`, served in the `transfers` queue group. */
export function transfersHandlers(deps: TransfersDeps): RpcHandler[] {
  return [
    serveWith(deps, TRANSFERS_RPC.create, createTransfer),
    serveWith(deps, TRANSFERS_RPC.complete, completeTransfer),
    serveWith(deps, TRANSFERS_RPC.list, listTransfers),
    serveWith(deps, TRANSFERS_RPC.get, getTransfer),
    serveWith(deps, TRANSFERS_RPC.delete, deleteTransfer),
    serveWith(deps, TRANSFERS_RPC.restrict, restrictTransfer),
    serveWith(deps, TRANSFERS_RPC.addFiles, addFiles),
    serveWith(deps, TRANSFERS_RPC.forward, forwardTransfer),
    serveWith(deps, TRANSFERS_RPC.share, shareTransfer),
    serveWith(deps, TRANSFERS_RPC.publicGet, getPublicTransfer),
    serveWith(deps, TRANSFERS_RPC.publicDownload, downloadFromTransfer),
    serveWith(deps, TRANSFERS_RPC.requestExtension, requestExtension),
    serveWith(deps, TRANSFERS_RPC.extend, extendTransfer),
    serveWith(deps, REQUESTS_RPC.create, createRequest),
    serveWith(deps, REQUESTS_RPC.list, listRequests),
    serveWith(deps, REQUESTS_RPC.get, getRequest),
    serveWith(deps, REQUESTS_RPC.delete, deleteRequest),
    serveWith(deps, REQUESTS_RPC.download, downloadRequestFiles),
    serveWith(deps, REQUESTS_RPC.publicGet, getPublicRequest),
    serveWith(deps, REQUESTS_RPC.startUpload, startRequestUpload),
    serveWith(deps, REQUESTS_RPC.completeUpload, completeRequestUpload),
    serveWith(deps, DASHBOARD_RPC.listContacts, listContacts),
    serveWith(deps, DASHBOARD_RPC.analytics, getAnalytics),
  ];
}
