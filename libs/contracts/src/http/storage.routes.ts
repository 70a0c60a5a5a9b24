import { z } from 'zod';
import { ZRegion } from '../regions.schemas';
import {
  ZCompleteUpload,
  ZRegionInfo,
  ZSignUploadBody,
  ZSignUploadResponse,
  ZStoredObject,
  ZUploadedPart,
  ZUploadFile,
  ZUploadGrant,
  ZUploadToken,
} from '../storage/storage.schemas';
import { defineHttpRoute, FILE_LIST_BODY_LIMIT_BYTES } from './define-http-route';

export const ZRegionList = z.object({ regions: z.array(ZRegionInfo) });
export const ZGrantsBody = z.strictObject({ region: ZRegion.optional(), files: z.array(ZUploadFile).min(1).max(10_000) });
export const ZGrantList = z.object({ grants: z.array(ZUploadGrant) });
export const ZUploadTokenBody = z.strictObject({ uploadToken: ZUploadToken });
export const ZUploadedPartList = z.object({ parts: z.array(ZUploadedPart) });
export const ZCompleteUploadsBody = z.strictObject({ uploads: z.array(ZCompleteUpload).min(1).max(1_000) });
export const ZStoredObjectList = z.object({ objects: z.array(ZStoredObject) });
export type TGrantsBody = z.input<typeof ZGrantsBody>;

/**
 * Upload grants and the calls an upload makes while it runs. Bytes never go through the API:
 * these routes hand out signed URLs. The upload token is the credential of the per-upload
 * calls, so an anonymous sender can use them too.
 */
export const STORAGE_ROUTES = {
  listRegions: defineHttpRoute({
    method: 'get', path: '/regions', tag: 'storage', auth: 'none', summary: 'Storage regions, each with a 128 KB object to time a HEAD against',
    status: 200, response: ZRegionList,
  }),
  createGrants: defineHttpRoute({
    method: 'post', path: '/storage/grants', tag: 'storage', auth: 'user', bodyLimitBytes: FILE_LIST_BODY_LIMIT_BYTES, summary: 'Upload grants for files in your own storage (limits of your plan apply)',
    body: ZGrantsBody, status: 201, response: ZGrantList, errors: [400, 401, 403],
  }),
  signUpload: defineHttpRoute({
    method: 'post', path: '/storage/uploads/sign', tag: 'storage', auth: 'none', summary: 'Fresh URLs (1 h) for an upload: its single PUT, or the named parts',
    body: ZSignUploadBody, status: 200, response: ZSignUploadResponse, errors: [400, 403, 404, 409, 413],
  }),
  listUploadParts: defineHttpRoute({
    method: 'post', path: '/storage/uploads/parts', tag: 'storage', auth: 'none', summary: 'The parts storage holds for an upload (to resume it)',
    body: ZUploadTokenBody, status: 200, response: ZUploadedPartList, errors: [400, 403, 404, 409],
  }),
  abortUpload: defineHttpRoute({
    method: 'post', path: '/storage/uploads/abort', tag: 'storage', auth: 'none', summary: 'Discard an upload and its parts',
    body: ZUploadTokenBody, status: 204, errors: [400, 403, 404],
  }),
  completeUploads: defineHttpRoute({
    method: 'post', path: '/storage/uploads/complete', tag: 'storage', auth: 'none', bodyLimitBytes: FILE_LIST_BODY_LIMIT_BYTES, summary: 'Check uploads against their grants and finish them',
    body: ZCompleteUploadsBody, status: 200, response: ZStoredObjectList, errors: [400, 403, 404, 409],
  }),
} as const;
