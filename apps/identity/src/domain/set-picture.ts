import { picturePath, type BRANDING_RPC, type TBrandingSettings, type TPictureKind } from '@ferry/contracts';
import { assertPictureAllowed, brandAdminOnlyError, brandingSettings, loadBrandContext } from './branding.rules';
import type { IdentityDeps, RpcRequest } from './identity.deps';

type PictureChange = { settings: TBrandingSettings; replacedFileId: string | null };

/** Before a grant: may this account keep this kind of picture (team admin, plan)? */
export async function checkPictureAllowed(deps: IdentityDeps, request: RpcRequest<typeof BRANDING_RPC.checkPictureAllowed>): Promise<Record<string, never>> {
  assertPictureAllowed(await loadBrandContext(deps, request.userId), request.kind);
  return {};
}

async function replacePicture(deps: IdentityDeps, userId: string, kind: TPictureKind, fileId: string | null): Promise<PictureChange> {
  const context = await loadBrandContext(deps, userId);
  if (fileId) assertPictureAllowed(context, kind);
  else if (kind !== 'profile' && context.company.id !== context.user.id) throw brandAdminOnlyError();
  const now = deps.clock();
  const own = { ...context.own, pictures: { ...context.own.pictures, [kind]: fileId } };
  const replacedFileId = context.own.pictures[kind];
  await deps.store.transaction(async (tx) => {
    await tx.saveBrand(own, now);
    // The profile picture's URL is the user's profilePic, which team lists and the header show.
    if (kind === 'profile') await tx.updateProfile(userId, { profilePic: fileId ? picturePath(fileId) : null }, now);
  });
  const brand = context.company.id === context.user.id ? own : context.brand;
  return { settings: brandingSettings({ ...context, own, brand }), replacedFileId: replacedFileId === fileId ? null : replacedFileId };
}

/** Keeps a picture whose bytes storage checked (the gateway did, with `inspect-image`); answers the one it replaced. */
export function setPicture(deps: IdentityDeps, request: RpcRequest<typeof BRANDING_RPC.setPicture>): Promise<PictureChange> {
  return replacePicture(deps, request.userId, request.kind, request.fileId);
}

export function clearPicture(deps: IdentityDeps, request: RpcRequest<typeof BRANDING_RPC.clearPicture>): Promise<PictureChange> {
  return replacePicture(deps, request.userId, request.kind, null);
}
