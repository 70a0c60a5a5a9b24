import type { IDENTITY_RPC, TUser } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { userNotFoundError } from './identity.errors';
import { loadUserJson } from './user-json';

/** Profile, settings and storage region; only the fields present in the patch change. */
export async function updateMe(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.updateMe>): Promise<TUser> {
  const user = await deps.store.updateProfile(request.userId, request.patch, deps.clock());
  if (!user) throw userNotFoundError();
  return loadUserJson(deps.store, user);
}
