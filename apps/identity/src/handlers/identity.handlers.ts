import type { RpcHandler } from '@ferry/bus';
import type { IdentityDeps } from '../domain/identity.deps';
import { requestEmailCodeHandler } from './request-email-code.handler';
import { verifyEmailCodeHandler } from './verify-email-code.handler';
import { checkEmailVerificationHandler } from './check-email-verification.handler';
import { signupHandler } from './signup.handler';
import { loginHandler } from './login.handler';
import { refreshHandler } from './refresh.handler';
import { logoutHandler } from './logout.handler';
import { requestPasswordResetHandler } from './request-password-reset.handler';
import { checkPasswordResetHandler } from './check-password-reset.handler';
import { resetPasswordHandler } from './reset-password.handler';
import { getMeHandler } from './get-me.handler';
import { updateMeHandler } from './update-me.handler';
import { inviteMemberHandler } from './invite-member.handler';
import { acceptInviteHandler } from './accept-invite.handler';
import { getTeamHandler } from './get-team.handler';
import { removeMemberHandler } from './remove-member.handler';
import { submitFeedbackHandler } from './submit-feedback.handler';
import { listSessionRevocationsHandler } from './list-session-revocations.handler';

/** Every endpoint of `IDENTITY_RPC`, served in the `identity` queue group. */
export function identityHandlers(deps: IdentityDeps): RpcHandler[] {
  return [
    requestEmailCodeHandler(deps),
    verifyEmailCodeHandler(deps),
    checkEmailVerificationHandler(deps),
    signupHandler(deps),
    loginHandler(deps),
    refreshHandler(deps),
    logoutHandler(deps),
    requestPasswordResetHandler(deps),
    checkPasswordResetHandler(deps),
    resetPasswordHandler(deps),
    getMeHandler(deps),
    updateMeHandler(deps),
    inviteMemberHandler(deps),
    acceptInviteHandler(deps),
    getTeamHandler(deps),
    removeMemberHandler(deps),
    submitFeedbackHandler(deps),
    listSessionRevocationsHandler(deps),
  ];
}
