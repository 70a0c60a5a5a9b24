import { BRANDING_RPC, DOWNLOAD_HOST_RPC, FERRY_BRANDING, type TPublicBranding } from '@ferry/contracts';
import type { TransfersDeps } from './transfers.deps';

/**
 * The brand of a transfer's or request's owner (the company: a member's transfers carry the
 * admin's), as identity answers it within the plan. Identity unreachable: Ferry's brand, and the
 * page or mail goes out all the same.
 */
export async function ownerBranding(deps: Pick<TransfersDeps, 'bus' | 'log'>, ownerId: string | null): Promise<TPublicBranding> {
  if (!ownerId) return FERRY_BRANDING;
  try {
    return await deps.bus.request(BRANDING_RPC.publicBranding, { userId: ownerId });
  } catch (error) {
    deps.log.warn({ err: error, ownerId }, 'branding unavailable; Ferry brand used');
    return FERRY_BRANDING;
  }
}

/** Picture URLs with the origin, for mails (pages use the paths as they are). */
export function absoluteBranding(branding: TPublicBranding, publicUrl: string): TPublicBranding {
  const absolute = (url: string | null) => (url && url.startsWith('/') ? `${publicUrl}${url}` : url);
  return { ...branding, logoUrl: absolute(branding.logoUrl), backgroundUrl: absolute(branding.backgroundUrl) };
}

/**
 * The origin of an owner's links: the company's verified download host (https://files.acme.com),
 * else Ferry's. Identity unreachable: Ferry's, and the link works all the same.
 */
export async function ownerLinkOrigin(deps: Pick<TransfersDeps, 'bus' | 'log' | 'publicUrl'>, ownerId: string | null): Promise<string> {
  if (!ownerId) return deps.publicUrl;
  try {
    return (await deps.bus.request(DOWNLOAD_HOST_RPC.linkOrigin, { userId: ownerId })).origin ?? deps.publicUrl;
  } catch (error) {
    deps.log.warn({ err: error, ownerId }, 'link origin unavailable; Ferry origin used');
    return deps.publicUrl;
  }
}
