import type { IDENTITY_RPC, TUser } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { userNotFoundError } from './identity.errors';
import { loadUserJson } from './user-json';

export async function getMe(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.getMe>): Promise<TUser> {
  const user = await deps.store.findUserById(request.userId);
  if (!user) throw userNotFoundError();
  return loadUserJson(deps.store, user);
}
