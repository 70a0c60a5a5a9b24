import { isIP } from 'node:net';
import type { Bus } from '@ferry/bus';
import { AppError, DOWNLOAD_HOST_RPC, TRANSFERS_RPC } from '@ferry/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** How long a host's company and a slug's verdict are remembered (a removed host stops within it). */
const CACHE_MS = 10_000;
const CACHE_ENTRIES = 5_000;
const SLUG = '(?<slug>[A-Za-z0-9]{7})';

/** What a company's host serves besides its slugs: the app's files and the public calls its pages make. */
const OPEN_PATHS: RegExp[] = [
  /^\/assets\//,
  /^\/locales\//,
  /^\/[^/]+\.(ico|png|svg|webmanifest|txt|js|css|woff2?)$/,
  /^\/verify$/,
  /^\/api\/v1\/public\/pictures\/[^/]+$/,
  /^\/api\/v1\/storage\/uploads\/(sign|parts|complete|abort)$/,
  /^\/api\/v1\/(regions|geo\/me|receipt-keys|receipts\/verify)$/,
];

/** The paths that name a transfer or a request: served only when it is the company's. */
const SLUG_PATHS: Array<[RegExp, 'transfer' | 'request']> = [
  [new RegExp(`^/(?:w|d|downloads)/${SLUG}(/.*)?$`), 'transfer'],
  [new RegExp(`^/api/v1/public/transfers/${SLUG}(/.*)?$`), 'transfer'],
  [new RegExp(`^/r/${SLUG}(/.*)?$`), 'request'],
  [new RegExp(`^/api/v1/public/requests/${SLUG}(/.*)?$`), 'request'],
];

/**
 * Set on `res.locals` for what a company's host serves: Ferry's own origin, which the page's links to
 * Ferry's site (log in, pricing) point at there (web-app.ts puts it in the HTML as `<meta name="ferry-home">`).
 */
export const FERRY_HOME_LOCAL = 'ferryHome';

/** How often the list of verified hosts is asked for again; a host not on it, at most every second. */
const VERIFIED_REFRESH_MS = 10_000;
const MISS_REFRESH_MS = 1_000;

class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.until < Date.now()) return undefined;
    return entry.value;
  }
  set(key: string, value: V): void {
    if (this.entries.size >= CACHE_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + CACHE_MS });
  }
}

/**
 * A company's verified download host (files.acme.com, a CNAME to Ferry) serves that company's
 * download and request pages, their API calls and the app's files — nothing else: login, the
 * dashboard, other companies' slugs and every other route answer 404 there. Ferry's own host,
 * localhost, IP addresses and hosts no company has verified are served as always.
 */
export function customHostRouting(bus: Bus, options: { publicUrl: string }): RequestHandler {
  const ownHost = new URL(options.publicUrl).hostname.toLowerCase();
  const ferryHome = new URL(options.publicUrl).origin;
  const verdicts = new TtlCache<boolean>();
  // The verified hosts, kept here: identity is asked at most every VERIFIED_REFRESH_MS, and on a host
  // it does not know at most once a second however many requests name unknown hosts. If identity
  // does not answer, the last list stays in use.
  let hosts = new Map<string, string>();
  let hasList = false;
  let askedAt = 0;
  let asking: Promise<void> | null = null;

  function refresh(): Promise<void> {
    askedAt = Date.now();
    asking ??= bus
      .request(DOWNLOAD_HOST_RPC.verifiedHosts, {})
      .then((answer) => {
        hosts = new Map(answer.hosts.map((entry) => [entry.host, entry.companyId]));
        hasList = true;
      })
      .finally(() => {
        asking = null;
      });
    return asking;
  }

  async function companyOf(host: string): Promise<string | null> {
    const age = Date.now() - askedAt;
    if (!hasList || age > VERIFIED_REFRESH_MS || (!hosts.has(host) && age > MISS_REFRESH_MS)) {
      await refresh().catch((error: unknown) => {
        if (!hasList) throw error;
      });
    }
    return hosts.get(host) ?? null;
  }

  async function isCompanys(companyId: string, kind: 'transfer' | 'request', slug: string): Promise<boolean> {
    const key = `${companyId}:${kind}:${slug}`;
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    const { ownerId } = await bus.request(TRANSFERS_RPC.slugOwner, { kind, slug });
    const { belongs } = await bus.request(DOWNLOAD_HOST_RPC.belongsTo, { companyId, ownerId });
    verdicts.set(key, belongs);
    return belongs;
  }

  async function isServed(companyId: string, path: string): Promise<boolean> {
    if (OPEN_PATHS.some((pattern) => pattern.test(path))) return true;
    for (const [pattern, kind] of SLUG_PATHS) {
      const slug = pattern.exec(path)?.groups?.['slug'];
      if (slug) return isCompanys(companyId, kind, slug);
    }
    return false;
  }

  return (req: Request, res: Response, next: NextFunction) => {
    const host = (req.hostname ?? '').toLowerCase().replace(/\.$/, '');
    if (!host || host === ownHost || host === 'localhost' || isIP(host) !== 0 || !host.includes('.')) return next();
    void (async () => {
      const companyId = await companyOf(host);
      if (!companyId) return next();
      if (await isServed(companyId, req.path)) {
        res.locals[FERRY_HOME_LOCAL] = ferryHome;
        return next();
      }
      if (req.path.startsWith('/api/')) return next(new AppError('NOT_FOUND', { message: 'Not found on this host' }));
      res.status(404).type('text/plain').send('Not found');
    })().catch(next);
  };
}
