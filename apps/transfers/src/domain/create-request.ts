import { randomUUID } from 'node:crypto';
import { IDENTITY_RPC, type REQUESTS_RPC, type TCreatedRequest } from '@ferry/contracts';
import { isCustomExpiryValid } from '@ferry/plans';
import { ownerIdOf } from './access';
import { requestUrl } from './request-view';
import { savedRegionOf } from './saved-region';
import { defaultRequestExpiry } from './sender-settings';
import { uniqueSlug } from './slug';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { customDateError } from './transfers.errors';
import { ownerLinkOrigin } from './sender-branding';

/**
 * `POST /requests`: a link anyone can upload files through, into the requester's storage (the
 * team admin's for a member, in the saved region of that storage). The requester's name and
 * language are kept for the page and mails.
 */
export async function createRequest(deps: TransfersDeps, request: RpcRequest<typeof REQUESTS_RPC.create>): Promise<TCreatedRequest> {
  const { caller, body } = request;
  const now = deps.clock();
  if (typeof body.expiryDate === 'number' && !isCustomExpiryValid(body.expiryDate, now)) throw customDateError();
  const me = await deps.bus.request(IDENTITY_RPC.getMe, { userId: caller.sub });
  const slug = await uniqueSlug((candidate) => deps.store.isRequestSlugTaken(candidate), 'request slug');
  const id = randomUUID();
  await deps.store.insertRequest({
    id,
    slug,
    requesterId: caller.sub,
    ownerId: ownerIdOf(caller),
    requesterEmail: me.email,
    requesterName: me.fullName,
    lang: me.lang,
    region: await savedRegionOf(deps, caller, me),
    title: body.title,
    message: body.message && body.message.trim().length > 0 ? body.message : null,
    // Left out: the requester's default (request settings); null: open until deleted.
    expiryDate: body.expiryDate === undefined ? await defaultRequestExpiry(deps, caller.sub, now) : body.expiryDate === null ? null : new Date(body.expiryDate),
    createdAt: now,
  });
  return { id, slug, url: requestUrl(await ownerLinkOrigin(deps, caller.sub), slug) };
}
