import {
  TRANSFERS_RPC,
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
  ZLine,
  type TAccessClaims,
} from '@ferry/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { readVerificationCookie } from '../auth/refresh-cookie';
import type { RouteDeps } from './auth.routes';
import { defineRoute, type RouteSpec } from './route-registry';

const ZSlugParams = z.object({ slug: ZSlug });
const ZIdParams = z.object({ id: z.string().uuid() });
const ZRequestExtensionBody = z.strictObject({ email: ZLine.max(254).optional(), recipient: ZLine.max(64).optional() });
const ZPublicTransferQuery = z.object({ recipient: ZLine.optional() });

/** The client address (through trusted proxies only) and, for anonymous email sends, the ferry_ev ticket. */
function clientOf(req: Request) {
  return { ip: req.ip?.slice(0, 64), verificationTicket: readVerificationCookie(req) };
}

/** The transfer password travels in a header, never in a URL. */
function passwordOf(req: Request): string | undefined {
  const value = req.get('x-transfer-password');
  return value && value.length <= 256 ? value : undefined;
}

/** Transfers, the public download side and extensions (ARCHITECTURE.md's public API table). */
export function transfersRoutes({ bus }: RouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'post', path: '/transfers', tag: 'transfers', auth: 'optional',
      summary: 'Quick send: check a draft against your plan and get an upload grant per file (anonymous senders too)',
      body: ZTransferDraft, responses: { 201: ZCreatedTransfer }, errors: [400, 401, 403],
      handler: async ({ body, user, req }) => ({
        status: 201,
        body: await bus.request(TRANSFERS_RPC.create, { caller: user, draft: body, client: clientOf(req) }),
      }),
    }),
    defineRoute<z.infer<typeof ZCompleteTransferBody>, z.infer<typeof ZIdParams>>({
      method: 'post', path: '/transfers/:id/complete', tag: 'transfers', auth: 'optional',
      summary: 'Finish the uploads and make the transfer live once every file is verified',
      params: ZIdParams, body: ZCompleteTransferBody, responses: { 200: ZCompletedTransfer }, errors: [400, 401, 404, 409],
      handler: async ({ body, params, user }) => ({
        status: 200,
        body: await bus.request(TRANSFERS_RPC.complete, { caller: user, id: params.id, body }),
      }),
    }),
    defineRoute<undefined, Record<string, string>, z.infer<typeof ZTransferListQuery>>({
      method: 'get', path: '/transfers', tag: 'transfers', auth: 'user', summary: 'Your transfers (or those shared with you) with the tab counts',
      query: ZTransferListQuery, responses: { 200: ZTransferList }, errors: [400, 401],
      handler: async ({ user, query }) => ({ status: 200, body: await bus.request(TRANSFERS_RPC.list, { caller: user as TAccessClaims, query }) }),
    }),
    defineRoute<undefined, z.infer<typeof ZSlugParams>>({
      method: 'get', path: '/transfers/:slug', tag: 'transfers', auth: 'user', summary: 'One of your transfers with its files and downloads (place and date)',
      params: ZSlugParams, responses: { 200: ZTransferDetail }, errors: [401, 404],
      handler: async ({ user, params }) => ({ status: 200, body: await bus.request(TRANSFERS_RPC.get, { caller: user as TAccessClaims, slug: params.slug }) }),
    }),
    defineRoute<undefined, z.infer<typeof ZSlugParams>>({
      method: 'delete', path: '/transfers/:slug', tag: 'transfers', auth: 'user', summary: 'Delete a transfer: the link stops working at once, the files are purged',
      params: ZSlugParams, responses: { 204: null }, errors: [401, 404],
      handler: async ({ user, params }) => {
        await bus.request(TRANSFERS_RPC.delete, { caller: user as TAccessClaims, slug: params.slug });
        return { status: 204 };
      },
    }),
    defineRoute<z.infer<typeof ZRestrictBody>, z.infer<typeof ZSlugParams>>({
      method: 'post', path: '/transfers/:slug/restrict', tag: 'transfers', auth: 'user', summary: 'Disable (or enable again) the link without deleting the transfer',
      params: ZSlugParams, body: ZRestrictBody, responses: { 204: null }, errors: [400, 401, 404],
      handler: async ({ user, params, body }) => {
        await bus.request(TRANSFERS_RPC.restrict, { caller: user as TAccessClaims, slug: params.slug, restricted: body.restricted });
        return { status: 204 };
      },
    }),
    defineRoute<z.infer<typeof ZShareBody>, z.infer<typeof ZSlugParams>>({
      method: 'post', path: '/transfers/:slug/share', tag: 'transfers', auth: 'user', summary: 'Share the transfer with members of your team',
      params: ZSlugParams, body: ZShareBody, responses: { 204: null }, errors: [400, 401, 404],
      handler: async ({ user, params, body }) => {
        await bus.request(TRANSFERS_RPC.share, { caller: user as TAccessClaims, slug: params.slug, shareWith: body.shareWith });
        return { status: 204 };
      },
    }),
    defineRoute<z.infer<typeof ZAddFilesBody>, z.infer<typeof ZSlugParams>>({
      method: 'post', path: '/transfers/:slug/files', tag: 'transfers', auth: 'user', summary: 'Add files to a live transfer (grants; complete with /transfers/{id}/complete)',
      params: ZSlugParams, body: ZAddFilesBody, responses: { 201: ZCreatedTransfer }, errors: [400, 401, 403, 404],
      handler: async ({ user, params, body }) => ({
        status: 201,
        body: await bus.request(TRANSFERS_RPC.addFiles, { caller: user as TAccessClaims, slug: params.slug, body }),
      }),
    }),
    defineRoute<z.infer<typeof ZForwardBody>, z.infer<typeof ZSlugParams>>({
      method: 'post', path: '/transfers/:slug/forward', tag: 'transfers', auth: 'user', summary: 'Send chosen files of a transfer as a new transfer (copied in storage, not uploaded)',
      params: ZSlugParams, body: ZForwardBody, responses: { 201: ZCreatedTransfer }, errors: [400, 401, 403, 404],
      handler: async ({ user, params, body }) => ({
        status: 201,
        body: await bus.request(TRANSFERS_RPC.forward, { caller: user as TAccessClaims, slug: params.slug, body }),
      }),
    }),
    defineRoute<undefined, z.infer<typeof ZSlugParams>, z.infer<typeof ZPublicTransferQuery>>({
      method: 'get', path: '/public/transfers/:slug', tag: 'downloads', auth: 'none',
      summary: 'Download page data; send X-Transfer-Password when the transfer has a password. ?recipient= names the mailed recipient',
      params: ZSlugParams, query: ZPublicTransferQuery, responses: { 200: ZPublicTransfer }, errors: [400, 401, 403, 404, 410, 429],
      handler: async ({ params, query, req }) => {
        const recipient = query.recipient?.slice(0, 64);
        return {
          status: 200,
          body: await bus.request(TRANSFERS_RPC.publicGet, { slug: params.slug, password: passwordOf(req), recipient, client: clientOf(req) }),
        };
      },
    }),
    defineRoute<z.infer<typeof ZDownloadBody>, z.infer<typeof ZSlugParams>>({
      method: 'post', path: '/public/transfers/:slug/downloads', tag: 'downloads', auth: 'none',
      summary: 'A signed URL (600 s) for one file ({fileId}) or a ZIP of all ({all: true}); the download is recorded',
      params: ZSlugParams, body: ZDownloadBody, responses: { 200: ZDownloadUrl }, errors: [400, 401, 403, 404, 410, 429],
      handler: async ({ params, body, req }) => ({
        status: 200,
        body: await bus.request(TRANSFERS_RPC.publicDownload, { slug: params.slug, password: passwordOf(req), body, client: clientOf(req) }),
      }),
    }),
    defineRoute<z.infer<typeof ZRequestExtensionBody>, z.infer<typeof ZSlugParams>>({
      method: 'post', path: '/public/transfers/:slug/extension-requests', tag: 'downloads', auth: 'none',
      summary: 'Ask the sender of an expired transfer for more time (they approve with one click)',
      params: ZSlugParams, body: ZRequestExtensionBody, responses: { 202: null }, errors: [400, 401, 403, 404, 429],
      handler: async ({ params, body, req }) => {
        await bus.request(
          TRANSFERS_RPC.requestExtension,
          { slug: params.slug, password: passwordOf(req), recipient: body.recipient, email: body.email, client: clientOf(req) },
        );
        return { status: 202 };
      },
    }),
    defineRoute<undefined, { token: string }>({
      method: 'post', path: '/extensions/:token', tag: 'downloads', auth: 'none', summary: 'Open an extension link: adds 48 hours once',
      params: z.object({ token: ZLine.min(1).max(128) }), responses: { 200: ZExtensionResult }, errors: [404, 410],
      handler: async ({ params }) => ({ status: 200, body: await bus.request(TRANSFERS_RPC.extend, { token: params.token }) }),
    }),
  ];
}
