import { IDENTITY_RPC, type TCaller, type TRegion, type TUser } from '@ferry/contracts';
import { ownerIdOf } from './access';
import type { TransfersDeps } from './transfers.deps';

/**
 * The storage region a signed-in account's files go to when nothing else names one: the region
 * saved with `PATCH /me` by the account whose storage they use (the team admin's for a member).
 * `me` saves a second look-up when the caller's own profile is already at hand.
 */
export async function savedRegionOf(deps: Pick<TransfersDeps, 'bus'>, caller: TCaller, me?: TUser): Promise<TRegion> {
  const ownerId = ownerIdOf(caller);
  if (me && me.id === ownerId) return me.region;
  const owner = await deps.bus.request(IDENTITY_RPC.getMe, { userId: ownerId });
  return owner.region;
}
