import type { BRANDING_RPC, TBrandingSettings } from '@ferry/contracts';
import { brandingSettings, loadBrandContext } from './branding.rules';
import type { IdentityDeps, RpcRequest } from './identity.deps';

/** The Customize and Powered-by tabs' view of the company's brand. */
export async function getBranding(deps: IdentityDeps, request: RpcRequest<typeof BRANDING_RPC.getBranding>): Promise<TBrandingSettings> {
  return brandingSettings(await loadBrandContext(deps, request.userId));
}
