import type { BRANDING_RPC, TBrandingSettings } from '@ferry/contracts';
import { canCustomizeBrand, canHidePoweredBy } from '@ferry/plans';
import { brandAdminOnlyError, brandingSettings, loadBrandContext, planRequiredError } from './branding.rules';
import type { IdentityDeps, RpcRequest } from './identity.deps';

/**
 * Accent colour (paid plans) and the powered-by switch (Business plans), by the company's admin.
 * Clearing either is always allowed.
 */
export async function updateBranding(deps: IdentityDeps, request: RpcRequest<typeof BRANDING_RPC.updateBranding>): Promise<TBrandingSettings> {
  const context = await loadBrandContext(deps, request.userId);
  if (context.company.id !== context.user.id) throw brandAdminOnlyError();
  const { accentColor, hidePoweredBy } = request.patch;
  if (accentColor && !canCustomizeBrand(context.plan)) throw planRequiredError('An accent colour needs a paid plan.');
  if (hidePoweredBy && !canHidePoweredBy(context.plan)) throw planRequiredError("Hiding 'Powered by Ferry' needs a Business plan.");
  const brand = {
    ...context.brand,
    ...(accentColor !== undefined ? { accentColor } : {}),
    ...(hidePoweredBy !== undefined ? { hidePoweredBy } : {}),
  };
  await deps.store.saveBrand(brand, deps.clock());
  return brandingSettings({ ...context, brand, own: brand });
}
