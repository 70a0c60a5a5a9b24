import { FERRY_BRANDING, type BRANDING_RPC, type TPublicBranding } from '@ferry/contracts';
import { loadBrandContext, publicBrandingOf } from './branding.rules';
import type { IdentityDeps, RpcRequest } from './identity.deps';

/** A sender's brand on download and request pages and in mails; an anonymous or vanished sender has Ferry's. */
export async function publicBranding(deps: IdentityDeps, request: RpcRequest<typeof BRANDING_RPC.publicBranding>): Promise<TPublicBranding> {
  if (!request.userId) return FERRY_BRANDING;
  const user = await deps.store.findUserById(request.userId);
  if (!user) return FERRY_BRANDING;
  return publicBrandingOf(await loadBrandContext(deps, request.userId));
}

/** Only kept pictures are served publicly (never any other object by its id). */
export async function isPicture(deps: IdentityDeps, request: RpcRequest<typeof BRANDING_RPC.isPicture>): Promise<{ isPicture: boolean }> {
  return { isPicture: await deps.store.isKeptPicture(request.fileId) };
}
