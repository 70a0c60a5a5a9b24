import { serve, type RpcHandler } from '@ferry/bus';
import { DASHBOARD_RPC, REQUESTS_RPC, TRANSFERS_RPC } from '@ferry/contracts';
import { addFiles } from '../domain/add-files';
import { completeRequestUpload } from '../domain/complete-request-upload';
import { completeTransfer } from '../domain/complete-transfer';
import { createRequest } from '../domain/create-request';
import { createTransfer } from '../domain/create-transfer';
import { deleteRequest } from '../domain/delete-request';
import { deleteTransfer } from '../domain/delete-transfer';
import { downloadFromTransfer } from '../domain/download-from-transfer';
import { downloadRequestFiles } from '../domain/download-request-files';
import { extendOwnedTransfer } from '../domain/extend-owned-transfer';
import { extendTransfer } from '../domain/extend-transfer';
import { forwardTransfer } from '../domain/forward-transfer';
import { getAnalytics } from '../domain/get-analytics';
import { getPublicRequest } from '../domain/get-public-request';
import { slugOwner } from '../domain/slug-owner';
import { getPublicTransfer } from '../domain/get-public-transfer';
import { getRequest } from '../domain/get-request';
import { getTransfer } from '../domain/get-transfer';
import { listContacts } from '../domain/list-contacts';
import { listRequests } from '../domain/list-requests';
import { listTransfers } from '../domain/list-transfers';
import { purgeTransfer } from '../domain/purge-transfer';
import { requestExtension } from '../domain/request-extension';
import { restrictTransfer } from '../domain/restrict-transfer';
import { shareTransfer } from '../domain/share-transfer';
import { startRequestUpload } from '../domain/start-request-upload';
import type { TransfersDeps } from '../domain/transfers.deps';

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
    serve(deps, TRANSFERS_RPC.slugOwner, slugOwner),
    serve(deps, TRANSFERS_RPC.publicDownload, downloadFromTransfer),
    serve(deps, TRANSFERS_RPC.requestExtension, requestExtension),
    serve(deps, TRANSFERS_RPC.extend, extendTransfer),
    serve(deps, TRANSFERS_RPC.extendOwned, extendOwnedTransfer),
    serve(deps, TRANSFERS_RPC.purge, purgeTransfer),
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
