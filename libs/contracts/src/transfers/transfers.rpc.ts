import { z } from 'zod';
import { ZAccessClaims } from '../identity/access-token';
import { defineRpc } from '../messaging/define-rpc';
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
  ZSlug,
  ZTransferDetail,
  ZTransferDraft,
  ZTransferList,
  ZTransferListQuery,
} from './transfers.schemas';

/** The signed-in caller as the gateway verified it (the access token's claims). */
/**
 * The signed-in caller as the gateway passes it on. `sid` and `ver` are the gateway's business (it
 * checks revocations); a transfers service released before the gateway still takes callers without them.
 */
export const ZCaller = ZAccessClaims.partial({ sid: true, ver: true });
export type TCaller = z.infer<typeof ZCaller>;
/** What the gateway knows of an anonymous or public caller. */
export const ZClient = z.object({
  /** The client address, resolved through trusted proxies only. */
  ip: z.string().max(64).optional(),
  /** The `ferry_ev` ticket: proof this browser verified the sender email (anonymous email sends). */
  verificationTicket: z.string().max(256).optional(),
});
const ZEmpty = z.object({});
const ZOwned = z.object({ caller: ZCaller, slug: ZSlug });
/** A public caller of a transfer: the password from `X-Transfer-Password`, the per-recipient token from the link. */
const ZPublicAccess = z.object({ slug: ZSlug, password: z.string().max(256).optional(), recipient: z.string().max(64).optional(), client: ZClient });

/** The transfers service asks storage for grants, URLs and ZIPs before it answers: 30 s, not the default 10. */
export const TRANSFERS_TIMEOUT = { timeoutMs: 30_000 };

export const TRANSFERS_RPC = {
  create: defineRpc('svc.transfers.create', z.object({ caller: ZCaller.nullable(), draft: ZTransferDraft, client: ZClient }), ZCreatedTransfer, TRANSFERS_TIMEOUT),
  complete: defineRpc(
    'svc.transfers.complete',
    z.object({ caller: ZCaller.nullable(), id: z.string().uuid(), body: ZCompleteTransferBody }),
    ZCompletedTransfer,
    { timeoutMs: 150_000 },
  ),
  list: defineRpc('svc.transfers.list', z.object({ caller: ZCaller, query: ZTransferListQuery }), ZTransferList, TRANSFERS_TIMEOUT),
  get: defineRpc('svc.transfers.get', ZOwned, ZTransferDetail, TRANSFERS_TIMEOUT),
  delete: defineRpc('svc.transfers.delete', ZOwned, ZEmpty, TRANSFERS_TIMEOUT),
  restrict: defineRpc('svc.transfers.restrict', ZOwned.extend({ restricted: z.boolean() }), ZEmpty, TRANSFERS_TIMEOUT),
  addFiles: defineRpc('svc.transfers.add-files', ZOwned.extend({ body: ZAddFilesBody }), ZCreatedTransfer, TRANSFERS_TIMEOUT),
  forward: defineRpc('svc.transfers.forward', ZOwned.extend({ body: ZForwardBody }), ZCreatedTransfer, { timeoutMs: 150_000 }),
  share: defineRpc('svc.transfers.share', ZOwned.extend({ shareWith: z.array(z.string().min(1).max(64)).max(100) }), ZEmpty, TRANSFERS_TIMEOUT),
  publicGet: defineRpc('svc.transfers.public-get', ZPublicAccess, ZPublicTransfer, TRANSFERS_TIMEOUT),
  /** Who owns a transfer's or a request's slug (null: none, or an anonymous sender's); for the gateway's custom hosts. */
  slugOwner: defineRpc('svc.transfers.slug-owner', z.object({ kind: z.enum(['transfer', 'request']), slug: ZSlug }), z.object({ ownerId: z.string().nullable() }), TRANSFERS_TIMEOUT),
  publicDownload: defineRpc('svc.transfers.public-download', ZPublicAccess.extend({ body: ZDownloadBody }), ZDownloadUrl, TRANSFERS_TIMEOUT),
  /** A recipient on an expired link asks the sender for more time. */
  requestExtension: defineRpc('svc.transfers.request-extension', ZPublicAccess.extend({ email: z.string().max(254).optional() }), ZEmpty, TRANSFERS_TIMEOUT),
  extend: defineRpc('svc.transfers.extend', z.object({ token: z.string().min(1).max(128) }), ZExtensionResult, TRANSFERS_TIMEOUT),
  /** The sender (or the team admin) adds 48 hours from the dashboard. */
  extendOwned: defineRpc('svc.transfers.extend-owned', ZOwned, ZExtensionResult, TRANSFERS_TIMEOUT),
  /**
   * An operator's `ferry-admin purge-transfer`: an expired (or deleted) transfer's objects are
   * deleted now rather than after the grace period; its row stays, marked purged, as the sweep leaves it.
   */
  purge: defineRpc('svc.transfers.purge', z.object({ slug: ZSlug }), z.object({ transferId: z.string().uuid(), purged: z.boolean(), files: z.number().int() }), TRANSFERS_TIMEOUT),
};
