import { serve, type RpcHandler } from '@ferry/bus';
import { TRANSFERS_RPC } from '@ferry/contracts';
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

/** Every endpoint of `TRANSFERS_RPC`, `REQUESTS_RPC` and `DASHBOARD_RPC`, served in the `transfers` queue group; the bus validates each request. */
export function transfersHandlers(deps: TransfersDeps): RpcHandler[] {
  return [
    serve(deps, TRANSFERS_RPC.create, createTransfer),
    serve(deps, TRANSFERS_RPC.complete, completeTransfer),
    serve(deps, TRANSFERS_RPC.list, listTransfers),
    serve(deps, TRANSFERS_RPC.get, getTransfer),
    serve(deps, TRANSFERS_RPC.delete, deleteTransfer),
    serve(deps, TRANSFERS_RPC.restrict, restrictTransfer),
    serve(deps, TRANSFERS_RPC.addFiles, addFiles),
    serve(deps, TRANSFERS_RPC.forward, forwardTransfer),
    serve(deps, TRANSFERS_RPC.share, shareTransfer),
    serve(deps, TRANSFERS_RPC.publicGet, getPublicTransfer),
    serve(deps, TRANSFERS_RPC.publicDownload, downloadFromTransfer),
    serve(deps, TRANSFERS_RPC.requestExtension, requestExtension),
    serve(deps, TRANSFERS_RPC.extend, extendTransfer),
    serve(deps, REQUESTS_RPC.create, createRequest),
    serve(deps, REQUESTS_RPC.list, listRequests),
    serve(deps, REQUESTS_RPC.get, getRequest),
    serve(deps, REQUESTS_RPC.delete, deleteRequest),
    serve(deps, REQUESTS_RPC.download, downloadRequestFiles),
    serve(deps, REQUESTS_RPC.publicGet, getPublicRequest),
    serve(deps, REQUESTS_RPC.startUpload, startRequestUpload),
    serve(deps, REQUESTS_RPC.completeUpload, completeRequestUpload),
    serve(deps, DASHBOARD_RPC.listContacts, listContacts),
    serve(deps, DASHBOARD_RPC.analytics, getAnalytics),
  ];
}
