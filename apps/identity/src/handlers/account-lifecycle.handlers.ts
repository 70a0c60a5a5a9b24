import { serve, type RpcHandler } from '@ferry/bus';
import { ACCOUNT_LIFECYCLE_RPC } from '@ferry/contracts';
import { changePassword } from '../domain/change-password';
import { confirmEmailChange, requestEmailChange } from '../domain/change-email';
import { requestAccountDeletion } from '../domain/delete-account';
import type { IdentityDeps } from '../domain/identity.deps';

/** identity's half of `ACCOUNT_LIFECYCLE_RPC` (the data export is transfers'). */
export function accountLifecycleHandlers(deps: IdentityDeps): RpcHandler[] {
  return [
    serve(deps, ACCOUNT_LIFECYCLE_RPC.requestEmailChange, requestEmailChange),
    serve(deps, ACCOUNT_LIFECYCLE_RPC.confirmEmailChange, confirmEmailChange),
    serve(deps, ACCOUNT_LIFECYCLE_RPC.changePassword, changePassword),
    serve(deps, ACCOUNT_LIFECYCLE_RPC.requestAccountDeletion, requestAccountDeletion),
  ];
}
