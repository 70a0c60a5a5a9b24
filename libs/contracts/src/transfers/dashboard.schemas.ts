import { z } from 'zod';
import { ZText } from '../text/text.schemas';
import { ZSlug } from './transfers.schemas';

/** `GET /contacts`: searched by email, name or company (case-insensitive). */
export const ZContactListQuery = z.object({
  search: ZText.trim().max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

/** A recipient the user has sent to by email, one per lower-cased address. */
export const ZContact = z.object({ email: z.string(), name: z.string().nullable(), company: z.string().nullable() });
export type TContact = z.infer<typeof ZContact>;
export const ZContactList = z.object({ items: z.array(ZContact), total: z.number().int() });
export type TContactList = z.infer<typeof ZContactList>;

export const ANALYTICS_DAYS_MAX = 365;
export const ZAnalyticsQuery = z.object({ days: z.coerce.number().int().min(1).max(ANALYTICS_DAYS_MAX).default(30) });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

/** UTC calendar date, `YYYY-MM-DD`. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

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
  storage: z.object({
    usedBytes: z.number().int(),
    limitBytes: z.number().int(),
    used: z.string(),
    limit: z.string(),
    /** 'almostFull' from 90%, 'full' from 100% of the plan's storage. */
    state: z.enum(['ok', 'almostFull', 'full']),
  }),
});
export type TAnalytics = z.infer<typeof ZAnalytics>;
