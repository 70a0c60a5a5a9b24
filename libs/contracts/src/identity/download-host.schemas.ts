import { z } from 'zod';

/** A host name of two labels or more (files.acme.com): letters, digits and hyphens, no IP address, no port. */
const HOST_NAME = /^(?=.{4,253}$)(?!\d+\.\d+\.\d+\.\d+$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const ZDownloadHostName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((host) => host.replace(/\.$/, ''))
  .pipe(z.string().regex(HOST_NAME, 'Enter a host name such as files.example.com'));

export const ZSetDownloadHostBody = z.object({ host: ZDownloadHostName }).strict();
export type TSetDownloadHostBody = z.infer<typeof ZSetDownloadHostBody>;

/** none: no host; pending: typed, its CNAME not (yet, or no longer) right; verified: links use it. */
export const ZDownloadHostStatus = z.enum(['none', 'pending', 'verified']);
export type TDownloadHostStatus = z.infer<typeof ZDownloadHostStatus>;

/** What the last DNS check found wrong: no CNAME at the host, one to another target, or no answer. */
export const ZDownloadHostProblem = z.enum(['NO_CNAME', 'WRONG_TARGET', 'LOOKUP_FAILED']);
export type TDownloadHostProblem = z.infer<typeof ZDownloadHostProblem>;

/** The Domain tab's custom download host (`customDomainOption` custom, `typedDomain`). */
export const ZDownloadHost = z.object({
  host: z.string().nullable(),
  status: ZDownloadHostStatus,
  /** The record to create: `host CNAME cnameTarget`. */
  cnameTarget: z.string(),
  problem: ZDownloadHostProblem.nullable(),
  /** The CNAME target the last check found, when it was another one. */
  found: z.string().nullable(),
  checkedAt: z.number().int().nullable(),
  verifiedAt: z.number().int().nullable(),
  /** The company's links: `https://{host}` once verified, else Ferry's own origin. */
  linkOrigin: z.string(),
  /** The plan allows a custom host (Business plans). */
  canUse: z.boolean(),
  /** Only the company's admin changes it. */
  isEditable: z.boolean(),
});
export type TDownloadHost = z.infer<typeof ZDownloadHost>;
