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
import { ZCaller, ZClient } from './transfers.rpc';
import { ZDownloadUrl, ZSlug } from './transfers.schemas';

const ZEmpty = z.object({});
const ZOwnedRequest = z.object({ caller: ZCaller, slug: ZSlug });
/** Anyone holding the `/r/{slug}` link; the address counts unknown slugs. */
const ZPublicRequestAccess = z.object({ slug: ZSlug, client: ZClient });

/** File requests: the requester's side (signed in) and the uploader's (anyone with the link). */
export const REQUESTS_RPC = {
  create: defineRpc('svc.transfers.request-create', z.object({ caller: ZCaller, body: ZCreateRequestBody }), ZCreatedRequest),
  list: defineRpc('svc.transfers.request-list', z.object({ caller: ZCaller, query: ZRequestListQuery }), ZRequestList),
  get: defineRpc('svc.transfers.request-get', ZOwnedRequest, ZRequestDetail),
  delete: defineRpc('svc.transfers.request-delete', ZOwnedRequest, ZEmpty),
  download: defineRpc('svc.transfers.request-download', ZOwnedRequest.extend({ body: ZRequestDownloadBody }), ZDownloadUrl),
  publicGet: defineRpc('svc.transfers.request-public-get', ZPublicRequestAccess, ZPublicRequest),
  startUpload: defineRpc('svc.transfers.request-start-upload', ZPublicRequestAccess.extend({ body: ZRequestUploadBody }), ZRequestUploadStarted),
  completeUpload: defineRpc(
    'svc.transfers.request-complete-upload',
    ZPublicRequestAccess.extend({ uploadId: z.string().uuid(), body: ZCompleteRequestUploadBody }),
    ZCompletedRequestUpload,
  ),
};
