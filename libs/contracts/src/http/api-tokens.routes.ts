import { z } from 'zod';
import { ZApiTokenList, ZCreateApiTokenBody, ZCreatedApiToken } from '../identity/api-tokens.schemas';
import { defineHttpRoute } from './define-http-route';
import { DASHBOARD_ROUTES } from './dashboard.routes';
import type { HttpRoute } from './define-http-route';
import { REQUEST_ROUTES } from './requests.routes';
import { STORAGE_ROUTES } from './storage.routes';
import { TRANSFER_ROUTES } from './transfers.routes';

export const ZApiTokenParams = z.object({ id: z.string().uuid() });

/** Personal access tokens for scripts and the `ferry` CLI: managed only from a signed-in session, never with a token. */
export const API_TOKEN_ROUTES = {
  list: defineHttpRoute({
    method: 'get', path: '/me/api-tokens', tag: 'account', auth: 'user', summary: 'Your API tokens (name, hint, created, last use, expiry); never the tokens themselves',
    status: 200, response: ZApiTokenList, errors: [401, 403],
  }),
  create: defineHttpRoute({
    method: 'post', path: '/me/api-tokens', tag: 'account', auth: 'user',
    summary: 'Create an API token ({name, expiresInDays: 7|30|90|365}); the answer holds the token, shown this once',
    body: ZCreateApiTokenBody, status: 201, response: ZCreatedApiToken, errors: [400, 401, 403],
  }),
  revoke: defineHttpRoute({
    method: 'delete', path: '/me/api-tokens/:id', tag: 'account', auth: 'user', summary: 'Revoke an API token: its next call is refused',
    params: ZApiTokenParams, status: 204, errors: [401, 403, 404],
  }),
} as const;

/**
 * What an API token (`Authorization: Bearer fy_pat_…`) may call: transfers, requests and the
 * upload grants they need. Every other signed-in route — account, team, billing, notifications,
 * the tokens themselves — answers 403 TOKEN_SCOPE_DENIED to a token. A route is out unless listed.
 */
export const API_TOKEN_SCOPE: ReadonlySet<HttpRoute> = new Set<HttpRoute>([
  TRANSFER_ROUTES.create,
  TRANSFER_ROUTES.complete,
  TRANSFER_ROUTES.list,
  TRANSFER_ROUTES.get,
  TRANSFER_ROUTES.delete,
  TRANSFER_ROUTES.restrict,
  TRANSFER_ROUTES.share,
  TRANSFER_ROUTES.extendOwned,
  TRANSFER_ROUTES.addFiles,
  TRANSFER_ROUTES.forward,
  DASHBOARD_ROUTES.latestDownloads,
  REQUEST_ROUTES.list,
  REQUEST_ROUTES.create,
  REQUEST_ROUTES.get,
  REQUEST_ROUTES.delete,
  REQUEST_ROUTES.download,
  STORAGE_ROUTES.createGrants,
]);
