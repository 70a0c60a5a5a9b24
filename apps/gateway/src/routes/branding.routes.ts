import { AppError, BRANDING_ROUTES, BRANDING_RPC, PICTURE_MAX_BYTES, STORAGE_RPC, checkPicture } from '@ferry/contracts';
import { userGrantOwner } from '@ferry/plans';
import type { RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** How long a browser may keep a picture's redirect (its signed URL lives 600 s). */
const PICTURE_REDIRECT_MAX_AGE_S = 300;

/**
 * Pictures and brand (BRANDING_ROUTES). A picture goes straight to storage on a grant for its
 * declared type and size; keeping it finishes the upload and has storage check the bytes.
 */
export function brandingRoutes({ bus }: RouteDeps): BoundRoute[] {
  return [
    bindRoute(BRANDING_ROUTES.getBranding, ({ user }) => bus.request(BRANDING_RPC.getBranding, { userId: user.sub })),
    bindRoute(BRANDING_ROUTES.updateBranding, ({ user, body }) => bus.request(BRANDING_RPC.updateBranding, { userId: user.sub, patch: body })),
    bindRoute(BRANDING_ROUTES.createPictureGrant, async ({ user, params, body }) => {
      checkPicture(params.kind, body);
      await bus.request(BRANDING_RPC.checkPictureAllowed, { userId: user.sub, kind: params.kind });
      const { grants } = await bus.request(STORAGE_RPC.createUploadGrants, {
        owner: userGrantOwner(user),
        files: [{ name: `${params.kind}.${body.contentType.split('/')[1]}`, size: body.size, contentType: body.contentType }],
      });
      return { grant: grants[0]! };
    }),
    bindRoute(BRANDING_ROUTES.setPicture, async ({ user, params, body }) => {
      const { objects } = await bus.request(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: body.uploadToken }] });
      const fileId = objects[0]!.fileId;
      try {
        await bus.request(STORAGE_RPC.inspectImage, { fileId, uploaderId: user.sub, maxBytes: PICTURE_MAX_BYTES[params.kind] });
      } catch (error) {
        await bus.request(STORAGE_RPC.deleteObjects, { fileIds: [fileId] });
        throw error;
      }
      const { settings, replacedFileId } = await bus.request(BRANDING_RPC.setPicture, { userId: user.sub, kind: params.kind, fileId });
      if (replacedFileId) await bus.request(STORAGE_RPC.deleteObjects, { fileIds: [replacedFileId] });
      return settings;
    }),
    bindRoute(BRANDING_ROUTES.clearPicture, async ({ user, params }) => {
      const { settings, replacedFileId } = await bus.request(BRANDING_RPC.clearPicture, { userId: user.sub, kind: params.kind });
      if (replacedFileId) await bus.request(STORAGE_RPC.deleteObjects, { fileIds: [replacedFileId] });
      return settings;
    }),
    bindRoute(BRANDING_ROUTES.getPicture, async ({ params, res }) => {
      const { isPicture } = await bus.request(BRANDING_RPC.isPicture, { fileId: params.fileId });
      if (!isPicture) throw new AppError('NOT_FOUND', { message: 'There is no such picture' });
      const { url } = await bus.request(STORAGE_RPC.signDownload, { fileId: params.fileId });
      res.setHeader('Location', url);
      res.setHeader('Cache-Control', `private, max-age=${PICTURE_REDIRECT_MAX_AGE_S}`);
      // Mail clients and pages on custom domains show the company's logo too.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    }),
  ];
}
