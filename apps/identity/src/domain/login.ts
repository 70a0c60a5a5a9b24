import type { IDENTITY_RPC, TIssuedSession } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { authFailedError } from './identity.errors';
import { issueSession } from './issue-session';
import { verifyAgainstDummyHash, verifyPassword } from './password-hash';

/** Email and password, for admins and team members alike; every failure is the same 'Auth Failed'. */
export async function login(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.login>): Promise<TIssuedSession> {
  const user = await deps.store.findUserByEmail(request.email);
  if (!user) {
    await verifyAgainstDummyHash(request.password);
    throw authFailedError();
  }
  if (!(await verifyPassword(user.passwordHash, request.password))) throw authFailedError();

  return deps.store.transaction(async (tx) => {
    const counted = await tx.recordLogin(user.id, deps.clock());
    return issueSession(deps, tx, counted, { client: request.client });
  });
}
