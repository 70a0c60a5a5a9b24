import { STORAGE_ROUTES, STORAGE_RPC } from '@ferry/contracts';
import { assertTransferLimits, userGrantOwner } from '@ferry/plans';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/**
 * Upload grants and the calls an upload makes while it runs (STORAGE_ROUTES). Each RPC waits as
 * long as its contract declares (the bus wrapper applies the RPC_TIMEOUT_MS floor).
 */
export function storageRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(STORAGE_ROUTES.listRegions, () => bus.request(STORAGE_RPC.listRegions, {})),
    bindRoute(STORAGE_ROUTES.createGrants, ({ user, body }) => {
      assertTransferLimits(user.role, { files: body.files });
      return bus.request(STORAGE_RPC.createUploadGrants, { owner: userGrantOwner(user), region: body.region, files: body.files });
    }),
    bindRoute(STORAGE_ROUTES.signUpload, ({ body }) => bus.request(STORAGE_RPC.signUpload, body)),
    bindRoute(STORAGE_ROUTES.listUploadParts, ({ body }) => bus.request(STORAGE_RPC.listUploadParts, body)),
    bindRoute(STORAGE_ROUTES.abortUpload, async ({ body }) => {
      await bus.request(STORAGE_RPC.abortUpload, body);
    }),
    bindRoute(STORAGE_ROUTES.completeUploads, ({ body }) => bus.request(STORAGE_RPC.completeUploads, body)),
  ];
}
