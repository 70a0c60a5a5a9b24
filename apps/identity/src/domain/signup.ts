import { DEFAULT_REGION, USER_REGISTERED, type IDENTITY_RPC, type TIssuedSession } from '@ferry/contracts';
import { EMAIL_VERIFICATION_VALID_MS } from './email-code.rules';
import { addMs, type IdentityDeps, type RpcRequest } from './identity.deps';
import { emailNotVerifiedError, emailTakenError } from './identity.errors';
import { issueSession } from './issue-session';
import { hashPassword } from './password-hash';
import { registeredEventOf } from './registered-event';
import { hashSecretToken } from './secret-token';

/** The package chosen on the pricing page when none is given (PRODUCT.md: default plan code PRM). */
export const DEFAULT_PLAN = 'PRM';

/**
 * Creates an account for an email verified (purpose `register`) within the last 24 h by this
 * caller (the verification ticket), using that verification up.
 * The role is the chosen package; paid packages start `unpaid` until billing says otherwise.
 * The verification is checked before the address is looked up: without one, a taken address
 * answers like a free one (403), so signup does not tell who has an account.
 */
export async function signup(deps: IdentityDeps, request: RpcRequest<typeof IDENTITY_RPC.signup>): Promise<TIssuedSession> {
  const now = deps.clock();
  const { email } = request;
  if (!request.verificationTicket) throw emailNotVerifiedError();
  const ticketHash = hashSecretToken(request.verificationTicket);
  const verifiedSince = addMs(now, -EMAIL_VERIFICATION_VALID_MS);
  if (!(await deps.store.hasEmailVerification(email, 'register', verifiedSince, ticketHash))) throw emailNotVerifiedError();
  if (await deps.store.findUserByEmail(email)) throw emailTakenError();

  const passwordHash = await hashPassword(request.password);
  const role = request.plan ?? DEFAULT_PLAN;
  return deps.store.transaction(async (tx) => {
    // Only the caller who verified the email can use it, once: no one can claim an address
    // someone else verified and then left.
    const isVerified = await tx.consumeEmailVerification(email, 'register', verifiedSince, ticketHash, now);
    if (!isVerified) throw emailNotVerifiedError();
    // The unique index on lower(email) settles a race between two signups as EMAIL_TAKEN.
    const user = await tx.insertUser({
      email,
      passwordHash,
      fullName: request.fullName || null,
      company: request.company || null,
      region: DEFAULT_REGION,
      role,
      status: role === 'Free' ? 'active' : 'unpaid',
      lang: request.lang ?? 'en',
      loginCount: 1,
      isTeamMember: false,
      parentAdminId: null,
      referrer: request.referrer ?? null,
      fingerprint: request.fingerprint ?? null,
      emailVerifiedAt: now,
      now,
    });
    await tx.emit(USER_REGISTERED, registeredEventOf(user));
    return issueSession(deps, tx, user, { client: request.client });
  });
}
