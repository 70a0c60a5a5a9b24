import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import {
  ZCompleteRequestUploadBody,
  ZCompletedRequestUpload,
  ZCreateRequestBody,
  ZCreatedRequest,
  ZPublicRequest,
  ZRequestDetail,
  ZRequestDownloadBody,
  ZRequestList,
  ZRequestListQuery,
  ZRequestUploadBody,
  ZRequestUploadStarted,
} from './requests.schemas';
import { TRANSFERS_TIMEOUT, ZCaller, ZClient } from './transfers.rpc';
import { ZDownloadUrl, ZSlug } from './transfers.schemas';

const ZEmpty = z.object({});
const ZOwnedRequest = z.object({ caller: ZCaller, slug: ZSlug });
/** Anyone holding the `/r/{slug}` link; the address counts unknown slugs. */
const ZPublicRequestAccess = z.object({ slug: ZSlug, client: ZClient });

/** File requests: the requester's side (signed in) and the uploader's (anyone with the link). */
export const REQUESTS_RPC = {
  create: defineRpc('svc.transfers.request-create', z.object({ caller: ZCaller, body: ZCreateRequestBody }), ZCreatedRequest, TRANSFERS_TIMEOUT),
  list: defineRpc('svc.transfers.request-list', z.object({ caller: ZCaller, query: ZRequestListQuery }), ZRequestList, TRANSFERS_TIMEOUT),
  get: defineRpc('svc.transfers.request-get', ZOwnedRequest, ZRequestDetail, TRANSFERS_TIMEOUT),
  delete: defineRpc('svc.transfers.request-delete', ZOwnedRequest, ZEmpty, TRANSFERS_TIMEOUT),
  download: defineRpc('svc.transfers.request-download', ZOwnedRequest.extend({ body: ZRequestDownloadBody }), ZDownloadUrl, TRANSFERS_TIMEOUT),
  publicGet: defineRpc('svc.transfers.request-public-get', ZPublicRequestAccess, ZPublicRequest, TRANSFERS_TIMEOUT),
  startUpload: defineRpc('svc.transfers.request-start-upload', ZPublicRequestAccess.extend({ body: ZRequestUploadBody }), ZRequestUploadStarted, TRANSFERS_TIMEOUT),
  completeUpload: defineRpc(
    'svc.transfers.request-complete-upload',
    ZPublicRequestAccess.extend({ uploadId: z.string().uuid(), body: ZCompleteRequestUploadBody }),
    ZCompletedRequestUpload,
    { timeoutMs: 150_000 },
  ),
};
