import { z } from 'zod';
import { ZDownloadHostName } from './download-host.schemas';

export const ZSetSendingDomainBody = z.object({ domain: ZDownloadHostName }).strict();
export type TSetSendingDomainBody = z.infer<typeof ZSetSendingDomainBody>;

/** What the last DNS check found wrong with a sending domain's records. */
export const ZSendingDomainProblem = z.enum(['DKIM_MISSING', 'DKIM_MISMATCH', 'SPF_MISSING', 'LOOKUP_FAILED']);
export type TSendingDomainProblem = z.infer<typeof ZSendingDomainProblem>;

/** One DNS record to create: DKIM and SPF are required, DMARC is suggested; `isFound` after a check. */
export const ZDnsRecord = z.object({
  purpose: z.enum(['dkim', 'spf', 'dmarc']),
  type: z.literal('TXT'),
  name: z.string(),
  value: z.string(),
  isRequired: z.boolean(),
  isFound: z.boolean().nullable(),
});
export type TDnsRecord = z.infer<typeof ZDnsRecord>;

/** The Domain tab's custom sending domain (`pmDomain` with its DKIMUpdateStatus, `domain_status`). */
export const ZSendingDomain = z.object({
  domain: z.string().nullable(),
  /** none: no domain; pending: records not (yet, or no longer) right, mail comes from Ferry; verified: mail comes from the domain, DKIM-signed. */
  status: z.enum(['none', 'pending', 'verified']),
  records: z.array(ZDnsRecord),
  problems: z.array(ZSendingDomainProblem),
  /** The From of the recipients' mails once verified. */
  fromAddress: z.string().nullable(),
  checkedAt: z.number().int().nullable(),
  verifiedAt: z.number().int().nullable(),
  /** The plan allows a sending domain (Business plans: emailDomain 1). */
  canUse: z.boolean(),
  isEditable: z.boolean(),
});
export type TSendingDomain = z.infer<typeof ZSendingDomain>;
