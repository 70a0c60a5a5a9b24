import { z } from 'zod';
import { ZAnalytics, ZAnalyticsQuery, ZContactList, ZContactListQuery } from '../transfers/dashboard.schemas';
import {
  ZCompleteRequestUploadBody,
  ZCompletedRequestUpload,
  ZCreateRequestBody,
  ZCreatedRequest,
  ZPublicRequest,
  ZRequestDetail,
  ZRequestDownloadBody,
  ZRequestList,
  ZRequestListQuery,
  ZRequestUploadBody,
  ZRequestUploadStarted,
} from '../transfers/requests.schemas';
import { ZDownloadUrl, ZSlug } from '../transfers/transfers.schemas';
import { defineHttpRoute, FILE_LIST_BODY_LIMIT_BYTES } from './define-http-route';
import { ZSlugParams } from './transfers.routes';

export const ZRequestUploadParams = z.object({ slug: ZSlug, uploadId: z.string().uuid() });

/**
 * File requests (the requester's side signed in, the `/r/{slug}` uploader's side public), and the
 * dashboard's contacts and analytics: all served by transfers.
 */
export const REQUEST_ROUTES = {
  list: defineHttpRoute({
    method: 'get', path: '/requests', tag: 'requests', auth: 'user', summary: 'Your file requests, newest first, with how many files each received',
    query: ZRequestListQuery, status: 200, response: ZRequestList, errors: [400, 401],
  }),
  create: defineHttpRoute({
    method: 'post', path: '/requests', tag: 'requests', auth: 'user', summary: 'Ask others to send you files: a link ({PUBLIC_URL}/r/{slug}) anyone can upload through',
    body: ZCreateRequestBody, status: 201, response: ZCreatedRequest, errors: [400, 401],
  }),
  get: defineHttpRoute({
    method: 'get', path: '/requests/:slug', tag: 'requests', auth: 'user', summary: 'One of your requests with the files that arrived (size, uploader, date)',
    params: ZSlugParams, status: 200, response: ZRequestDetail, errors: [401, 404],
  }),
  delete: defineHttpRoute({
    method: 'delete', path: '/requests/:slug', tag: 'requests', auth: 'user', summary: 'Delete a request: the link stops at once, the files are removed',
    params: ZSlugParams, status: 204, errors: [401, 404],
  }),
  download: defineHttpRoute({
    method: 'post', path: '/requests/:slug/downloads', tag: 'requests', auth: 'user', summary: 'A signed URL (600 s) for one arrived file ({fileId}) or a ZIP of all ({all: true})',
    params: ZSlugParams, body: ZRequestDownloadBody, status: 200, response: ZDownloadUrl, errors: [400, 401, 404],
  }),
  publicGet: defineHttpRoute({
    method: 'get', path: '/public/requests/:slug', tag: 'requests', auth: 'none', summary: 'The /r/{slug} page: title, message, who asks, expiry (never the files)',
    params: ZSlugParams, status: 200, response: ZPublicRequest, errors: [404, 410, 429],
  }),
  startUpload: defineHttpRoute({
    method: 'post', path: '/public/requests/:slug/uploads', tag: 'requests', auth: 'none', bodyLimitBytes: FILE_LIST_BODY_LIMIT_BYTES,
    summary: "Upload files to a request: an upload grant per file into the requester's storage (html/htm/exe, release-style videos and duplicates are dropped)",
    params: ZSlugParams, body: ZRequestUploadBody, status: 201, response: ZRequestUploadStarted, errors: [400, 403, 404, 410, 429],
  }),
  completeUpload: defineHttpRoute({
    method: 'post', path: '/public/requests/:slug/uploads/:uploadId/complete', tag: 'requests', auth: 'none', bodyLimitBytes: FILE_LIST_BODY_LIMIT_BYTES,
    summary: 'Finish the uploads; once every file is verified the requester is told',
    params: ZRequestUploadParams, body: ZCompleteRequestUploadBody, status: 200, response: ZCompletedRequestUpload, errors: [400, 404, 409, 410, 429],
  }),
  listContacts: defineHttpRoute({
    method: 'get', path: '/contacts', tag: 'contacts', auth: 'user', summary: 'The people you have sent to by email, by name then email; ?search= matches email, name or company',
    query: ZContactListQuery, status: 200, response: ZContactList, errors: [400, 401],
  }),
  analytics: defineHttpRoute({
    method: 'get', path: '/analytics', tag: 'analytics', auth: 'user',
    summary: 'Downloads of your transfers per day (UTC), by country and the top 5 over ?days= (default 30); unseen and expiring transfers; storage used',
    query: ZAnalyticsQuery, status: 200, response: ZAnalytics, errors: [400, 401],
  }),
} as const;
