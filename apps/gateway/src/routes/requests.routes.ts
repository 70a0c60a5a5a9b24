import {
  DASHBOARD_RPC,
  REQUESTS_RPC,
  ZAnalytics,
  ZAnalyticsQuery,
  ZCompleteRequestUploadBody,
  ZCompletedRequestUpload,
  ZContactList,
  ZContactListQuery,
  ZCreateRequestBody,
  ZCreatedRequest,
  ZDownloadUrl,
  ZPublicRequest,
  ZRequestDetail,
  ZRequestDownloadBody,
  ZRequestList,
  ZRequestListQuery,
  ZRequestUploadBody,
  ZRequestUploadStarted,
  ZSlug,
  type TAccessClaims,
} from '@ferry/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import type { RouteDeps } from './auth.routes';
import { defineRoute, type RouteSpec } from './route-registry';

const ZSlugParams = z.object({ slug: ZSlug });
const ZUploadParams = z.object({ slug: ZSlug, uploadId: z.string().uuid() });
type TSlugParams = z.infer<typeof ZSlugParams>;

/** The uploader's address, through trusted proxies only: unknown slugs are counted per address. */
const clientOf = (req: Request) => ({ ip: req.ip?.slice(0, 64) });
const callerOf = (user: TAccessClaims | null) => user as TAccessClaims;

/**
 * File requests (the requester's side signed in, the `/r/{slug}` uploader's side public), and the
 * dashboard's contacts and analytics: all served by transfers.
 */
export function requestsRoutes({ bus }: RouteDeps): RouteSpec[] {
  return [
    defineRoute<undefined, Record<string, string>, z.infer<typeof ZRequestListQuery>>({
      method: 'get', path: '/requests', tag: 'requests', auth: 'user', summary: 'Your file requests, newest first, with how many files each received',
      query: ZRequestListQuery, responses: { 200: ZRequestList }, errors: [400, 401],
      handler: async ({ user, query }) => ({ status: 200, body: await bus.request(REQUESTS_RPC.list, { caller: callerOf(user), query }) }),
    }),
    defineRoute<z.infer<typeof ZCreateRequestBody>>({
      method: 'post', path: '/requests', tag: 'requests', auth: 'user', summary: 'Ask others to send you files: a link ({PUBLIC_URL}/r/{slug}) anyone can upload through',
      body: ZCreateRequestBody, responses: { 201: ZCreatedRequest }, errors: [400, 401],
      handler: async ({ user, body }) => ({ status: 201, body: await bus.request(REQUESTS_RPC.create, { caller: callerOf(user), body }) }),
    }),
    defineRoute<undefined, TSlugParams>({
      method: 'get', path: '/requests/:slug', tag: 'requests', auth: 'user', summary: 'One of your requests with the files that arrived (size, uploader, date)',
      params: ZSlugParams, responses: { 200: ZRequestDetail }, errors: [401, 404],
      handler: async ({ user, params }) => ({ status: 200, body: await bus.request(REQUESTS_RPC.get, { caller: callerOf(user), slug: params.slug }) }),
    }),
    defineRoute<undefined, TSlugParams>({
      method: 'delete', path: '/requests/:slug', tag: 'requests', auth: 'user', summary: 'Delete a request: the link stops at once, the files are removed',
      params: ZSlugParams, responses: { 204: null }, errors: [401, 404],
      handler: async ({ user, params }) => {
        await bus.request(REQUESTS_RPC.delete, { caller: callerOf(user), slug: params.slug });
        return { status: 204 };
      },
    }),
    defineRoute<z.infer<typeof ZRequestDownloadBody>, TSlugParams>({
      method: 'post', path: '/requests/:slug/downloads', tag: 'requests', auth: 'user', summary: 'A signed URL (600 s) for one arrived file ({fileId}) or a ZIP of all ({all: true})',
      params: ZSlugParams, body: ZRequestDownloadBody, responses: { 200: ZDownloadUrl }, errors: [400, 401, 404],
      handler: async ({ user, params, body }) => ({
        status: 200,
        body: await bus.request(REQUESTS_RPC.download, { caller: callerOf(user), slug: params.slug, body }),
      }),
    }),
    defineRoute<undefined, TSlugParams>({
      method: 'get', path: '/public/requests/:slug', tag: 'requests', auth: 'none', summary: 'The /r/{slug} page: title, message, who asks, expiry (never the files)',
      params: ZSlugParams, responses: { 200: ZPublicRequest }, errors: [404, 410, 429],
      handler: async ({ params, req }) => ({ status: 200, body: await bus.request(REQUESTS_RPC.publicGet, { slug: params.slug, client: clientOf(req) }) }),
    }),
    defineRoute<z.infer<typeof ZRequestUploadBody>, TSlugParams>({
      method: 'post', path: '/public/requests/:slug/uploads', tag: 'requests', auth: 'none',
      summary: "Upload files to a request: an upload grant per file into the requester's storage (html/htm/exe, release-style videos and duplicates are dropped)",
      params: ZSlugParams, body: ZRequestUploadBody, responses: { 201: ZRequestUploadStarted }, errors: [400, 403, 404, 410, 429],
      handler: async ({ params, body, req }) => ({
        status: 201,
        body: await bus.request(REQUESTS_RPC.startUpload, { slug: params.slug, body, client: clientOf(req) }),
      }),
    }),
    defineRoute<z.infer<typeof ZCompleteRequestUploadBody>, z.infer<typeof ZUploadParams>>({
      method: 'post', path: '/public/requests/:slug/uploads/:uploadId/complete', tag: 'requests', auth: 'none',
      summary: 'Finish the uploads; once every file is verified the requester is told',
      params: ZUploadParams, body: ZCompleteRequestUploadBody, responses: { 200: ZCompletedRequestUpload }, errors: [400, 404, 409, 410, 429],
      handler: async ({ params, body, req }) => ({
        status: 200,
        body: await bus.request(
          REQUESTS_RPC.completeUpload,
          { slug: params.slug, uploadId: params.uploadId, body, client: clientOf(req) },
        ),
      }),
    }),
    defineRoute<undefined, Record<string, string>, z.infer<typeof ZContactListQuery>>({
      method: 'get', path: '/contacts', tag: 'contacts', auth: 'user', summary: 'The people you have sent to by email, by name then email; ?search= matches email, name or company',
      query: ZContactListQuery, responses: { 200: ZContactList }, errors: [400, 401],
      handler: async ({ user, query }) => ({ status: 200, body: await bus.request(DASHBOARD_RPC.listContacts, { caller: callerOf(user), query }) }),
    }),
    defineRoute<undefined, Record<string, string>, z.infer<typeof ZAnalyticsQuery>>({
      method: 'get', path: '/analytics', tag: 'analytics', auth: 'user',
      summary: 'Downloads of your transfers per day (UTC), by country and the top 5 over ?days= (default 30); unseen and expiring transfers; storage used',
      query: ZAnalyticsQuery, responses: { 200: ZAnalytics }, errors: [400, 401],
      handler: async ({ user, query }) => ({ status: 200, body: await bus.request(DASHBOARD_RPC.analytics, { caller: callerOf(user), query }) }),
    }),
  ];
}
