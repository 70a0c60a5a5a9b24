import { z } from 'zod';
import { ZUser } from '../identity/identity.schemas';
import {
  ZAccountDeletion,
  ZChangeEmailBody,
  ZChangePasswordBody,
  ZConfirmEmailChangeBody,
  ZDataExportRequested,
  ZDeleteAccountBody,
} from '../account/account-lifecycle.schemas';
import { defineHttpRoute } from './define-http-route';

export const ZDataExportParams = z.object({ id: z.string().uuid(), token: z.string().min(1).max(256) });

/** Change email, change password, delete account and export my data (the profile tab's lower sections). */
export const ACCOUNT_LIFECYCLE_ROUTES = {
  requestEmailChange: defineHttpRoute({
    method: 'post', path: '/me/email', tag: 'account', auth: 'user', limit: 'auth', summary: 'Mail a 5-digit code to a new email address',
    body: ZChangeEmailBody, status: 202, errors: [400, 401, 409, 429],
  }),
  confirmEmailChange: defineHttpRoute({
    method: 'post', path: '/me/email/confirm', tag: 'account', auth: 'user', limit: 'auth', summary: 'The code from the new address makes it the account email',
    body: ZConfirmEmailChangeBody, status: 200, response: ZUser, errors: [400, 401, 403, 409, 429],
  }),
  changePassword: defineHttpRoute({
    method: 'post', path: '/me/password', tag: 'account', auth: 'user', limit: 'auth', summary: 'Change the password (the current one required); every other session ends',
    body: ZChangePasswordBody, status: 204, errors: [400, 401, 403],
  }),
  requestAccountDeletion: defineHttpRoute({
    method: 'post', path: '/me/deletion', tag: 'account', auth: 'user', limit: 'auth',
    summary: 'Delete the account after a 14-day grace period (a login cancels it); every session ends',
    body: ZDeleteAccountBody, status: 202, response: ZAccountDeletion, errors: [400, 401, 403],
  }),
  requestDataExport: defineHttpRoute({
    method: 'post', path: '/me/exports', tag: 'account', auth: 'user', summary: 'Build a ZIP of my data in the background and mail a link to it',
    status: 202, response: ZDataExportRequested, errors: [401],
  }),
} as const;
