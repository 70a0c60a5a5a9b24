import {
  STORAGE_RPC,
  ZCompleteUpload,
  ZRegion,
  ZRegionInfo,
  ZSignUploadBody,
  ZSignUploadResponse,
  ZStoredObject,
  ZUploadedPart,
  ZUploadFile,
  ZUploadGrant,
  ZUploadToken,
  type TAccessClaims,
} from '@ferry/contracts';
import { assertTransferLimits, userGrantOwner } from '@ferry/plans';
import { z } from 'zod';
import type { RouteDeps } from './auth.routes';
import { defineRoute, type RouteSpec } from './route-registry';

const ZGrantsBody = z.strictObject({ region: ZRegion.optional(), files: z.array(ZUploadFile).min(1).max(10_000) });

/**
 * Upload grants and the calls an upload makes while it runs. Bytes never come here: these
 * routes hand out signed URLs, and the browser sends the bytes straight to storage. The upload
 * token is the credential of the per-upload calls, so an anonymous sender can use them too.
 */
export function storageRoutes({ bus, rpcTimeoutMs }: RouteDeps): RouteSpec[] {
  const timeout = { timeoutMs: rpcTimeoutMs };
  return [
    defineRoute({
      method: 'get', path: '/regions', tag: 'storage', auth: 'none', summary: 'Storage regions, each with a 128 KB object to time a HEAD against',
      responses: { 200: z.object({ regions: z.array(ZRegionInfo) }) },
      handler: async () => ({ status: 200, body: await bus.request(STORAGE_RPC.listRegions, {}, timeout) }),
    }),
    defineRoute({
      method: 'post', path: '/storage/grants', tag: 'storage', auth: 'user', summary: 'Upload grants for files in your own storage (limits of your plan apply)',
      body: ZGrantsBody, responses: { 201: z.object({ grants: z.array(ZUploadGrant) }) }, errors: [400, 401, 403],
      handler: async ({ user, body }) => {
        const claims = user as TAccessClaims;
        assertTransferLimits(claims.role, { files: body.files });
        return { status: 201, body: await bus.request(STORAGE_RPC.createUploadGrants, { owner: userGrantOwner(claims), region: body.region, files: body.files }, timeout) };
      },
    }),
    defineRoute({
      method: 'post', path: '/storage/uploads/sign', tag: 'storage', auth: 'none', summary: 'Fresh URLs (1 h) for an upload: its single PUT, or the named parts',
      body: ZSignUploadBody, responses: { 200: ZSignUploadResponse }, errors: [400, 403, 404, 409],
      handler: async ({ body }) => ({ status: 200, body: await bus.request(STORAGE_RPC.signUpload, body, timeout) }),
    }),
    defineRoute({
      method: 'post', path: '/storage/uploads/parts', tag: 'storage', auth: 'none', summary: 'The parts storage holds for an upload (to resume it)',
      body: z.strictObject({ uploadToken: ZUploadToken }), responses: { 200: z.object({ parts: z.array(ZUploadedPart) }) }, errors: [400, 403, 404, 409],
      handler: async ({ body }) => ({ status: 200, body: await bus.request(STORAGE_RPC.listUploadParts, body, timeout) }),
    }),
    defineRoute({
      method: 'post', path: '/storage/uploads/abort', tag: 'storage', auth: 'none', summary: 'Discard an upload and its parts',
      body: z.strictObject({ uploadToken: ZUploadToken }), responses: { 204: null }, errors: [400, 403, 404],
      handler: async ({ body }) => {
        await bus.request(STORAGE_RPC.abortUpload, body, timeout);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'post', path: '/storage/uploads/complete', tag: 'storage', auth: 'none', summary: 'Check uploads against their grants and finish them',
      body: z.strictObject({ uploads: z.array(ZCompleteUpload).min(1).max(1_000) }), responses: { 200: z.object({ objects: z.array(ZStoredObject) }) },
      errors: [400, 403, 404, 409],
      handler: async ({ body }) => ({ status: 200, body: await bus.request(STORAGE_RPC.completeUploads, body, { timeoutMs: Math.max(rpcTimeoutMs, 60_000) }) }),
    }),
  ];
}
