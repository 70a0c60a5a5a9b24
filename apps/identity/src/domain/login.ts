import type { IDENTITY_RPC, TIssuedSession } from '@ferry/contracts';
import type { IdentityDeps, RpcRequest } from './identity.deps';
import { authFailedError, tooManyLoginAttemptsError } from './identity.errors';
import { issueSession } from './issue-session';
import { takeLoginAttempt } from './login-throttle.rules';
import { verifyAgainstDummyHash, verifyPassword } from './password-hash';

/**
 * Email and password, for admins and team members alike; every failure is the same 'Auth Failed'.
 * Failures slow further attempts for the address (known or not) down, never for long: see
 * login-throttle.rules.ts. A login cancels the account's pending deletion.
 */
export async function login(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.login>): Promise<TIssuedSession> {
  const { email } = request;
  const attempt = await deps.loginThrottles.takeLoginAttempt(email, (current) => takeLoginAttempt(email, current, deps.clock()));
  if (!attempt.isAllowed) throw tooManyLoginAttemptsError(attempt.retryAfterSeconds);

  const user = await deps.store.findUserByEmail(email);
  if (!user) {
    await verifyAgainstDummyHash(request.password);
    throw authFailedError();
  }
  if (!(await verifyPassword(user.passwordHash, request.password))) throw authFailedError();

  await deps.loginThrottles.clearLoginThrottle(email);
  return deps.store.transaction(async (tx) => {
    const counted = await tx.recordLogin(user.id, deps.clock());
    // Logging in within the grace period cancels a requested deletion; the login screen says so.
    const isDeletionCanceled = await tx.cancelAccountDeletion(user.id, deps.clock());
    const session = await issueSession(deps, tx, counted, { client: request.client });
    return isDeletionCanceled ? { ...session, notice: 'deletion-canceled' as const } : session;
  });
}
