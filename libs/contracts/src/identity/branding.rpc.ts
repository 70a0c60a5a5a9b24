import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZBrandingSettings, ZPictureKind, ZPublicBranding, ZUpdateBrandingBody } from './branding.schemas';

const ZUserId = z.string().min(1).max(64);

/** identity's pictures and brand (Profile, Customize and Powered-by tabs; download pages and mails). */
export const BRANDING_RPC = {
  getBranding: defineRpc('svc.identity.get-branding', z.object({ userId: ZUserId }), ZBrandingSettings),
  updateBranding: defineRpc('svc.identity.update-branding', z.object({ userId: ZUserId, patch: ZUpdateBrandingBody }), ZBrandingSettings),
  /** Checks the plan allows this kind of picture for this account (before a grant). */
  checkPictureAllowed: defineRpc('svc.identity.check-picture-allowed', z.object({ userId: ZUserId, kind: ZPictureKind }), z.object({})),
  /** Keeps an uploaded, checked picture; answers the picture it replaced (to delete). */
  setPicture: defineRpc(
    'svc.identity.set-picture',
    z.object({ userId: ZUserId, kind: ZPictureKind, fileId: z.string().uuid() }),
    z.object({ settings: ZBrandingSettings, replacedFileId: z.string().nullable() }),
  ),
  clearPicture: defineRpc(
    'svc.identity.clear-picture',
    z.object({ userId: ZUserId, kind: ZPictureKind }),
    z.object({ settings: ZBrandingSettings, replacedFileId: z.string().nullable() }),
  ),
  /** Whether a file is someone's kept picture (only those are served publicly). */
  isPicture: defineRpc('svc.identity.is-picture', z.object({ fileId: z.string().uuid() }), z.object({ isPicture: z.boolean() })),
  /** A sender's brand for recipients: the company's (the admin's for a member), within what the plan allows. */
  publicBranding: defineRpc('svc.identity.public-branding', z.object({ userId: ZUserId.nullable() }), ZPublicBranding),
};
