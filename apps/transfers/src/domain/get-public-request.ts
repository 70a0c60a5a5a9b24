import type { REQUESTS_RPC, TPublicRequest } from '@ferry/contracts';
import { openPublicRequest } from './open-public-request';
import { ownerBranding } from './sender-branding';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** `GET /public/requests/{slug}`: what the `/r/{slug}` page shows; never the files. */
export async function getPublicRequest(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.publicGet>): Promise<TPublicRequest> {
  const fileRequest = await openPublicRequest(deps, request.slug, request.client.ip);
  return {
    slug: fileRequest.slug,
    title: fileRequest.title,
    message: fileRequest.message,
    requesterName: fileRequest.requesterName,
    requesterEmail: fileRequest.requesterEmail,
    expiryDate: fileRequest.expiryDate?.getTime() ?? null,
    branding: await ownerBranding(deps, fileRequest.ownerId),
  };
}
