import type { TUserSettings, USER_SETTINGS_RPC } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { userNotFoundError } from './identity.errors';

/** The user's transfer and request settings; an unknown user (an anonymous sender, a deleted account) reads the defaults. */
export async function getSettings(deps: IdentityDeps, request: RpcRequest<typeof USER_SETTINGS_RPC.getSettings>): Promise<TUserSettings> {
  return deps.store.findUserSettings(request.userId);
}

/** `PATCH /me/settings`: only the fields present change. */
export async function updateSettings(deps: IdentityDeps, request: RpcRequest<typeof USER_SETTINGS_RPC.updateSettings>): Promise<TUserSettings> {
  const user = await deps.store.findUserById(request.userId);
  if (!user) throw userNotFoundError();
  return deps.store.mergeUserSettings(user.id, request.patch, deps.clock());
}
