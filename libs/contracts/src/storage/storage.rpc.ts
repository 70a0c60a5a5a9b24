import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZRegion } from '../regions.schemas';
import {
  ZCompleteUpload,
  ZGrantOwner,
  ZRegionInfo,
  ZSignUploadBody,
  ZSignUploadResponse,
  ZStoredObject,
  ZUploadedPart,
  ZUploadFile,
  ZUploadGrant,
  ZUploadToken,
} from './storage.schemas';

const ZFileId = z.string().uuid();
const ZEmpty = z.object({});

export const STORAGE_RPC = {
  createUploadGrants: defineRpc(
    'svc.storage.create-upload-grants',
    z.object({ owner: ZGrantOwner, region: ZRegion.optional(), files: z.array(ZUploadFile).min(1).max(10_000) }),
    z.object({ grants: z.array(ZUploadGrant) }),
    { timeoutMs: 30_000 },
  ),
  signUpload: defineRpc('svc.storage.sign-upload', ZSignUploadBody, ZSignUploadResponse),
  listUploadParts: defineRpc('svc.storage.list-upload-parts', z.object({ uploadToken: ZUploadToken }), z.object({ parts: z.array(ZUploadedPart) })),
  abortUpload: defineRpc('svc.storage.abort-upload', z.object({ uploadToken: ZUploadToken }), ZEmpty),
  completeUploads: defineRpc(
    'svc.storage.complete-uploads',
    z.object({ uploads: z.array(ZCompleteUpload).min(1).max(10_000) }),
    z.object({ objects: z.array(ZStoredObject) }),
    { timeoutMs: 120_000 },
  ),
  getObjects: defineRpc('svc.storage.get-objects', z.object({ fileIds: z.array(ZFileId).min(1).max(10_000) }), z.object({ objects: z.array(ZStoredObject) })),
  signDownload: defineRpc(
    'svc.storage.sign-download',
    z.object({ fileId: ZFileId, filename: z.string().min(1).max(255).optional() }),
    z.object({ url: z.string(), expiresAt: z.string() }),
  ),
  signZip: defineRpc(
    'svc.storage.sign-zip',
    z.object({ name: z.string().min(1).max(255), entries: z.array(z.object({ fileId: ZFileId, path: z.string().min(1).max(1024) })).min(1).max(10_000) }),
    z.object({ url: z.string(), expiresAt: z.string(), size: z.number().int() }),
  ),
  copyObjects: defineRpc(
    'svc.storage.copy-objects',
    z.object({ fileIds: z.array(ZFileId).min(1).max(10_000), to: ZGrantOwner, region: ZRegion.optional() }),
    z.object({ objects: z.array(ZStoredObject.extend({ copiedFrom: z.string() })) }),
    { timeoutMs: 120_000 },
  ),
  deleteObjects: defineRpc('svc.storage.delete-objects', z.object({ fileIds: z.array(ZFileId).min(1).max(10_000) }), z.object({ deleted: z.number().int() }), { timeoutMs: 60_000 }),
  /**
   * A finished upload of `uploaderId` checked as a picture: its first bytes are a PNG, JPEG or WebP
   * signature matching the type it was granted with, and it is at most `maxBytes`.
   */
  inspectImage: defineRpc(
    'svc.storage.inspect-image',
    z.object({ fileId: ZFileId, uploaderId: z.string().min(1).max(64), maxBytes: z.number().int().min(1) }),
    z.object({ contentType: z.string(), size: z.number().int() }),
  ),
  getUsage: defineRpc('svc.storage.get-usage', z.object({ ownerId: z.string().min(1).max(64) }), z.object({ bytes: z.number().int() })),
  listRegions: defineRpc('svc.storage.list-regions', ZEmpty, z.object({ regions: z.array(ZRegionInfo) })),
  /**
   * `ferry-admin rotate-master-key`: every data key of the local driver re-wrapped by STORAGE_MASTER_KEY
   * where STORAGE_MASTER_KEY_PREVIOUS wrapped it (no segment is re-encrypted). Long: it visits every object.
   */
  rotateMasterKey: defineRpc(
    'svc.storage.rotate-master-key',
    ZEmpty,
    z.object({
      /** Fingerprint of the master key every object is wrapped by now. */
      keyId: z.string(),
      rewrapped: z.number().int(),
      alreadyCurrent: z.number().int(),
      /** Objects neither key opens (at most 100 named), left as they are. */
      unreadableCount: z.number().int(),
      unreadable: z.array(z.string()).max(100),
    }),
    { timeoutMs: 30 * 60_000 },
  ),
};
