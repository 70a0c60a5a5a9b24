import { IDENTITY_RPC } from '@ferry/contracts';
import { handle, type RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { listSessionRevocations } from '../domain/revoke-sessions';

export function listSessionRevocationsHandler(deps: IdentityDeps): RpcHandler {
  return handle(IDENTITY_RPC.listSessionRevocations, () => listSessionRevocations(deps));
}
