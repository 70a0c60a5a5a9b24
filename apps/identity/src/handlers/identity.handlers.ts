import { serve, type RpcHandler } from '@ferry/bus';
import { IDENTITY_RPC } from '@ferry/contracts';
import { acceptInvite } from '../domain/accept-invite';
import { checkEmailVerification } from '../domain/check-email-verification';
import { checkPasswordReset } from '../domain/check-password-reset';
import { getMe } from '../domain/get-me';
import { getTeam } from '../domain/get-team';
import { inviteMember } from '../domain/invite-member';
import { login } from '../domain/login';
import { logout } from '../domain/logout';
import { refreshSession } from '../domain/refresh-session';
import { removeMember } from '../domain/remove-member';
import { requestEmailCode } from '../domain/request-email-code';
import { requestPasswordReset } from '../domain/request-password-reset';
import { resetPassword } from '../domain/reset-password';
import { listSessionRevocations } from '../domain/revoke-sessions';
import { signup } from '../domain/signup';
import { submitFeedback } from '../domain/submit-feedback';
import { updateMe } from '../domain/update-me';
import { verifyEmailCode } from '../domain/verify-email-code';
import type { IdentityDeps } from '../domain/identity.deps';

/** Every endpoint of `IDENTITY_RPC`, served in the `identity` queue group; the bus validates each request against its contract. */
export function identityHandlers(deps: IdentityDeps): RpcHandler[] {
  return [
    serve(deps, IDENTITY_RPC.requestEmailCode, requestEmailCode),
    serve(deps, IDENTITY_RPC.verifyEmailCode, verifyEmailCode),
    serve(deps, IDENTITY_RPC.checkEmailVerification, checkEmailVerification),
    serve(deps, IDENTITY_RPC.signup, signup),
    serve(deps, IDENTITY_RPC.login, login),
    serve(deps, IDENTITY_RPC.refresh, refreshSession),
    serve(deps, IDENTITY_RPC.logout, logout),
    serve(deps, IDENTITY_RPC.requestPasswordReset, requestPasswordReset),
    serve(deps, IDENTITY_RPC.checkPasswordReset, checkPasswordReset),
    serve(deps, IDENTITY_RPC.resetPassword, resetPassword),
    serve(deps, IDENTITY_RPC.getMe, getMe),
    serve(deps, IDENTITY_RPC.updateMe, updateMe),
    serve(deps, IDENTITY_RPC.inviteMember, inviteMember),
    serve(deps, IDENTITY_RPC.acceptInvite, acceptInvite),
    serve(deps, IDENTITY_RPC.getTeam, getTeam),
    serve(deps, IDENTITY_RPC.removeMember, removeMember),
    serve(deps, IDENTITY_RPC.submitFeedback, submitFeedback),
    serve(deps, IDENTITY_RPC.listSessionRevocations, listSessionRevocations),
  ];
}
