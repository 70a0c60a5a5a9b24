import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZDownloadHost, ZDownloadHostName } from './download-host.schemas';

const ZUserId = z.string().min(1).max(64);

/** identity's custom download hosts (Domain tab; links; the gateway's host routing). */
export const DOWNLOAD_HOST_RPC = {
  get: defineRpc('svc.identity.download-host-get', z.object({ userId: ZUserId }), ZDownloadHost),
  /** Types a host (pending) and checks its CNAME at once. */
  set: defineRpc('svc.identity.download-host-set', z.object({ userId: ZUserId, host: ZDownloadHostName }), ZDownloadHost, { timeoutMs: 15_000 }),
  /** Looks the CNAME up now. */
  check: defineRpc('svc.identity.download-host-check', z.object({ userId: ZUserId }), ZDownloadHost, { timeoutMs: 15_000 }),
  remove: defineRpc('svc.identity.download-host-remove', z.object({ userId: ZUserId }), ZDownloadHost),
  /** The origin of an owner's links: the company's verified host, else null (Ferry's own). */
  linkOrigin: defineRpc('svc.identity.download-host-link-origin', z.object({ userId: ZUserId.nullable() }), z.object({ origin: z.string().nullable() })),
  /** Every verified download host in use (its company's plan allows it), for the gateway's host routing. */
  verifiedHosts: defineRpc('svc.identity.download-host-verified', z.object({}), z.object({ hosts: z.array(z.object({ host: z.string(), companyId: z.string() })) })),
  /** Whether an owner's transfer or request belongs on this company's host (the owner is the company or one of its members). */
  belongsTo: defineRpc('svc.identity.download-host-belongs-to', z.object({ companyId: ZUserId, ownerId: ZUserId.nullable() }), z.object({ belongs: z.boolean() })),
};
