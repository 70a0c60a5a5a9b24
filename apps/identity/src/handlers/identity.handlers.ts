import { serve, type RpcHandler } from '@ferry/bus';
import { API_TOKEN_RPC, BRANDING_RPC, DOWNLOAD_HOST_RPC, IDENTITY_RPC, SENDING_DOMAIN_RPC, USER_SETTINGS_RPC } from '@ferry/contracts';
import { checkSendingDomain, getSendingDomain, mailSigner, removeSendingDomain, setSendingDomain } from '../domain/sending-domain';
import { belongsToCompany, checkDownloadHost, getDownloadHost, linkOrigin, removeDownloadHost, verifiedDownloadHosts, setDownloadHost } from '../domain/download-host';
import { getBranding } from '../domain/get-branding';
import { isPicture, publicBranding } from '../domain/public-branding';
import { checkPictureAllowed, clearPicture, setPicture } from '../domain/set-picture';
import { updateBranding } from '../domain/update-branding';
import { acceptInvite } from '../domain/accept-invite';
import { createApiToken } from '../domain/create-api-token';
import { listApiTokens } from '../domain/list-api-tokens';
import { revokeApiToken } from '../domain/revoke-api-token';
import { verifyApiToken } from '../domain/verify-api-token';
import { checkEmailVerification } from '../domain/check-email-verification';
import { checkPasswordReset } from '../domain/check-password-reset';
import { getMe } from '../domain/get-me';
import { getTeam } from '../domain/get-team';
import { inviteMember } from '../domain/invite-member';
import { inviteMembers } from '../domain/invite-members';
import { login } from '../domain/login';
import { logout } from '../domain/logout';
import { refreshSession } from '../domain/refresh-session';
import { removeMember } from '../domain/remove-member';
import { requestEmailCode } from '../domain/request-email-code';
import { requestPasswordReset } from '../domain/request-password-reset';
import { resendInvite } from '../domain/resend-invite';
import { resetPassword } from '../domain/reset-password';
import { revokeInvite } from '../domain/revoke-invite';
import { listSessionRevocations } from '../domain/revoke-sessions';
import { signup } from '../domain/signup';
import { submitFeedback } from '../domain/submit-feedback';
import { updateMe } from '../domain/update-me';
import { getSettings, updateSettings } from '../domain/user-settings';
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
    serve(deps, BRANDING_RPC.getBranding, getBranding),
    serve(deps, BRANDING_RPC.updateBranding, updateBranding),
    serve(deps, BRANDING_RPC.checkPictureAllowed, checkPictureAllowed),
    serve(deps, BRANDING_RPC.setPicture, setPicture),
    serve(deps, BRANDING_RPC.clearPicture, clearPicture),
    serve(deps, BRANDING_RPC.isPicture, isPicture),
    serve(deps, BRANDING_RPC.publicBranding, publicBranding),
    serve(deps, DOWNLOAD_HOST_RPC.get, getDownloadHost),
    serve(deps, DOWNLOAD_HOST_RPC.set, setDownloadHost),
    serve(deps, DOWNLOAD_HOST_RPC.check, checkDownloadHost),
    serve(deps, DOWNLOAD_HOST_RPC.remove, removeDownloadHost),
    serve(deps, DOWNLOAD_HOST_RPC.linkOrigin, linkOrigin),
    serve(deps, DOWNLOAD_HOST_RPC.verifiedHosts, verifiedDownloadHosts),
    serve(deps, DOWNLOAD_HOST_RPC.belongsTo, belongsToCompany),
    serve(deps, SENDING_DOMAIN_RPC.get, getSendingDomain),
    serve(deps, SENDING_DOMAIN_RPC.set, setSendingDomain),
    serve(deps, SENDING_DOMAIN_RPC.check, checkSendingDomain),
    serve(deps, SENDING_DOMAIN_RPC.remove, removeSendingDomain),
    serve(deps, SENDING_DOMAIN_RPC.signer, mailSigner),
    serve(deps, IDENTITY_RPC.updateMe, updateMe),
    serve(deps, USER_SETTINGS_RPC.getSettings, getSettings),
    serve(deps, USER_SETTINGS_RPC.updateSettings, updateSettings),
    serve(deps, IDENTITY_RPC.inviteMember, inviteMember),
    serve(deps, IDENTITY_RPC.acceptInvite, acceptInvite),
    serve(deps, IDENTITY_RPC.getTeam, getTeam),
    serve(deps, IDENTITY_RPC.removeMember, removeMember),
    serve(deps, IDENTITY_RPC.inviteMembers, inviteMembers),
    serve(deps, IDENTITY_RPC.resendInvite, resendInvite),
    serve(deps, IDENTITY_RPC.revokeInvite, revokeInvite),
    serve(deps, IDENTITY_RPC.submitFeedback, submitFeedback),
    serve(deps, IDENTITY_RPC.listSessionRevocations, listSessionRevocations),
    serve(deps, API_TOKEN_RPC.create, createApiToken),
    serve(deps, API_TOKEN_RPC.list, listApiTokens),
    serve(deps, API_TOKEN_RPC.revoke, revokeApiToken),
    serve(deps, API_TOKEN_RPC.verify, verifyApiToken),
  ];
}
