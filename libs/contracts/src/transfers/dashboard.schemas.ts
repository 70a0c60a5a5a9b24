import { z } from 'zod';
import { ZText } from '../text/text.schemas';
import { ZRegion } from '../regions.schemas';
import { ZDownloadRecord, ZSlug } from './transfers.schemas';

/** `GET /contacts`: searched by email, name or company (case-insensitive). */
export const ZContactListQuery = z.object({
  search: ZText.trim().max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

/** A recipient the user has sent to by email, one per lower-cased address. */
export const ZContact = z.object({
  email: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  /** Epoch ms of the last transfer sent to them; null when unknown. */
  lastSent: z.number().int().nullable(),
});
export type TContact = z.infer<typeof ZContact>;
export const ZContactList = z.object({ items: z.array(ZContact), total: z.number().int() });
export type TContactList = z.infer<typeof ZContactList>;

export const ANALYTICS_DAYS_MAX = 365;
export const ZAnalyticsQuery = z.object({ days: z.coerce.number().int().min(1).max(ANALYTICS_DAYS_MAX).default(30) });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/** UTC calendar date, `YYYY-MM-DD`. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Storage used against the plan's allowance. */
export const ZStorageSummary = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().int(),
  used: z.string(),
  limit: z.string(),
  /** 'almostFull' from 90%, 'full' from 100% of the plan's storage. */
  state: z.enum(['ok', 'almostFull', 'full']),
});
export type TStorageSummary = z.infer<typeof ZStorageSummary>;

/**
 * `GET /analytics`: downloads of the caller's live transfers in the last `days` UTC days (today
 * included), the transfers' unseen and expiring counts now, and the storage the account uses.
 */
export const ZAnalytics = z.object({
  days: z.number().int(),
  from: ZDay,
  to: ZDay,
  totalDownloads: z.number().int(),
  /** One entry per day of the window, oldest first; days without downloads count 0. */
  downloadsPerDay: z.array(z.object({ date: ZDay, count: z.number().int() })),
  /** Most downloads first; addresses geo could not place count under `unknown`. */
  downloadsByCountry: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
  /** The 5 transfers downloaded most in the window. */
  topTransfers: z.array(z.object({ slug: ZSlug, fileName: z.string(), downloads: z.number().int() })),
  /** Active transfers never downloaded. */
  unseen: z.number().int(),
  /** Active transfers with under 2.2 days left. */
  expiring: z.number().int(),
  storage: ZStorageSummary,
});
export type TAnalytics = z.infer<typeof ZAnalytics>;

/**
 * Why sending is refused right now, most serious first, with the free-limit screen's title,
 * message and action: the user's status, full storage, then the free plan's monthly cap.
 */
export const ZSendBlock = z.object({
  reason: z.enum(['suspended', 'trialExpired', 'subscriptionOver', 'storageFull', 'monthlyLimit']),
  title: z.string(),
  message: z.string(),
  action: z.object({ label: z.string(), kind: z.enum(['startTrial', 'upgrade', 'contactSupport']) }),
});
export type TSendBlock = z.infer<typeof ZSendBlock>;

/** `GET /me/usage`: the dashboard home's and quick send's limits, counted now on the server. */
export const ZUsage = z.object({
  /** The plan role the limits come from (free, personal, pro, business…). */
  role: z.string(),
  /** Where quick send stores files when the draft names no region: the saved region (the team admin's for a member). */
  region: ZRegion,
  /** Transfers sent since the first day of this UTC month. */
  transfersThisMonth: z.number().int(),
  /** The plan's transfers per month; null when the plan has no cap. */
  monthlyCap: z.number().int().nullable(),
  storage: ZStorageSummary,
  /** Null when the user may send; else what the free-limit screen shows. */
  blocked: ZSendBlock.nullable(),
});
export type TUsage = z.infer<typeof ZUsage>;

/** `GET /downloads?limit=10`: the newest downloads of the caller's transfers (1 to 50). */
export const ZLatestDownloadsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export type TLatestDownloadsQuery = z.infer<typeof ZLatestDownloadsQuery>;
/** One download with the transfer it belongs to (its slug opens the TransferModal). */
export const ZLatestDownload = ZDownloadRecord.extend({ slug: ZSlug });
export type TLatestDownload = z.infer<typeof ZLatestDownload>;
export const ZLatestDownloads = z.object({ items: z.array(ZLatestDownload) });
export type TLatestDownloads = z.infer<typeof ZLatestDownloads>;
