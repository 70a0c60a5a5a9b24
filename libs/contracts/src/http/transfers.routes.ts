import { z } from 'zod';
import { ZLine } from '../text/text.schemas';
import {
  ZAddFilesBody,
  ZCompleteTransferBody,
  ZCompletedTransfer,
  ZCreatedTransfer,
  ZDownloadBody,
  ZDownloadUrl,
  ZExtensionResult,
  ZForwardBody,
  ZPublicTransfer,
  ZRestrictBody,
  ZShareBody,
  ZSlug,
  ZTransferDetail,
  ZTransferDraft,
  ZTransferList,
  ZTransferListQuery,
} from '../transfers/transfers.schemas';
import { defineHttpRoute, FILE_LIST_BODY_LIMIT_BYTES } from './define-http-route';

export const ZSlugParams = z.object({ slug: ZSlug });
export const ZTransferIdParams = z.object({ id: z.string().uuid() });
export const ZExtensionTokenParams = z.object({ token: ZLine.min(1).max(128) });
export const ZPublicTransferQuery = z.object({ recipient: ZLine.optional() });
export const ZRequestExtensionBody = z.strictObject({ email: ZLine.max(254).optional(), recipient: ZLine.max(64).optional() });

/** Transfers, the public download side (the password goes in X-Transfer-Password) and extensions. */
export const TRANSFER_ROUTES = {
  create: defineHttpRoute({
    method: 'post', path: '/transfers', tag: 'transfers', auth: 'optional', bodyLimitBytes: FILE_LIST_BODY_LIMIT_BYTES,
    summary: 'Quick send: check a draft against your plan and get an upload grant per file (anonymous senders too)',
    body: ZTransferDraft, status: 201, response: ZCreatedTransfer, errors: [400, 401, 403],
  }),
  complete: defineHttpRoute({
    method: 'post', path: '/transfers/:id/complete', tag: 'transfers', auth: 'optional', bodyLimitBytes: FILE_LIST_BODY_LIMIT_BYTES,
    summary: 'Finish the uploads and make the transfer live once every file is verified',
    params: ZTransferIdParams, body: ZCompleteTransferBody, status: 200, response: ZCompletedTransfer, errors: [400, 401, 404, 409],
  }),
  list: defineHttpRoute({
    method: 'get', path: '/transfers', tag: 'transfers', auth: 'user', summary: 'Your transfers (or those shared with you) with the tab counts',
    query: ZTransferListQuery, status: 200, response: ZTransferList, errors: [400, 401],
  }),
  get: defineHttpRoute({
    method: 'get', path: '/transfers/:slug', tag: 'transfers', auth: 'user', summary: 'One of your transfers with its files and downloads (place and date)',
    params: ZSlugParams, status: 200, response: ZTransferDetail, errors: [401, 404],
  }),
  delete: defineHttpRoute({
    method: 'delete', path: '/transfers/:slug', tag: 'transfers', auth: 'user', summary: 'Delete a transfer: the link stops working at once, the files are purged',
    params: ZSlugParams, status: 204, errors: [401, 404],
  }),
  restrict: defineHttpRoute({
    method: 'post', path: '/transfers/:slug/restrict', tag: 'transfers', auth: 'user', summary: 'Disable (or enable again) the link without deleting the transfer',
    params: ZSlugParams, body: ZRestrictBody, status: 204, errors: [400, 401, 404],
  }),
  share: defineHttpRoute({
    method: 'post', path: '/transfers/:slug/share', tag: 'transfers', auth: 'user', summary: 'Share the transfer with members of your team',
    params: ZSlugParams, body: ZShareBody, status: 204, errors: [400, 401, 404],
  }),
  extendOwned: defineHttpRoute({
    method: 'post', path: '/transfers/:slug/extension', tag: 'transfers', auth: 'user',
    summary: 'Add 48 hours (from now once expired, at most a year ahead); the recipients are told the new date',
    params: ZSlugParams, status: 200, response: ZExtensionResult, errors: [400, 401, 404, 410],
  }),
  addFiles: defineHttpRoute({
    method: 'post', path: '/transfers/:slug/files', tag: 'transfers', auth: 'user', bodyLimitBytes: FILE_LIST_BODY_LIMIT_BYTES, summary: 'Add files to a live transfer (grants; complete with /transfers/{id}/complete)',
    params: ZSlugParams, body: ZAddFilesBody, status: 201, response: ZCreatedTransfer, errors: [400, 401, 403, 404],
  }),
  forward: defineHttpRoute({
    method: 'post', path: '/transfers/:slug/forward', tag: 'transfers', auth: 'user', summary: 'Send chosen files of a transfer as a new transfer (copied in storage, not uploaded)',
    params: ZSlugParams, body: ZForwardBody, status: 201, response: ZCreatedTransfer, errors: [400, 401, 403, 404],
  }),
  publicGet: defineHttpRoute({
    method: 'get', path: '/public/transfers/:slug', tag: 'downloads', auth: 'none',
    summary: 'Download page data; send X-Transfer-Password when the transfer has a password. ?recipient= names the mailed recipient',
    params: ZSlugParams, query: ZPublicTransferQuery, status: 200, response: ZPublicTransfer, errors: [400, 401, 403, 404, 410, 429],
  }),
  publicDownload: defineHttpRoute({
    method: 'post', path: '/public/transfers/:slug/downloads', tag: 'downloads', auth: 'none',
    summary: 'A signed URL (600 s) for one file ({fileId}) or a ZIP of all ({all: true}); the download is recorded',
    params: ZSlugParams, body: ZDownloadBody, status: 200, response: ZDownloadUrl, errors: [400, 401, 403, 404, 410, 429],
  }),
  requestExtension: defineHttpRoute({
    method: 'post', path: '/public/transfers/:slug/extension-requests', tag: 'downloads', auth: 'none',
    summary: 'Ask the sender of an expired transfer for more time (they approve with one click)',
    params: ZSlugParams, body: ZRequestExtensionBody, status: 202, errors: [400, 401, 403, 404, 429],
  }),
  extend: defineHttpRoute({
    method: 'post', path: '/extensions/:token', tag: 'downloads', auth: 'none', summary: 'Open an extension link: adds 48 hours once',
    params: ZExtensionTokenParams, status: 200, response: ZExtensionResult, errors: [404, 410],
  }),
} as const;
