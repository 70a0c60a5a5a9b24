import type { Bus } from '@ferry/bus';
import { ACCOUNT_LIFECYCLE_ROUTES, ACCOUNT_LIFECYCLE_RPC, ZDataExportParams, parseOrThrow } from '@ferry/contracts';
import type { NextFunction, Request, Response } from 'express';
import { clearRefreshCookie } from '../auth/refresh-cookie';
import { clientInfo, type RouteDeps } from './auth.routes';
import { bindRoute, type BoundRoute } from './route-registry';

/** Change email, change password, delete account, export my data (ACCOUNT_LIFECYCLE_ROUTES). */
export function accountLifecycleRoutes({ bus, secureCookies }: RouteDeps): BoundRoute[] {
  const R = ACCOUNT_LIFECYCLE_ROUTES;
  const RPC = ACCOUNT_LIFECYCLE_RPC;
  return [
    bindRoute(R.requestEmailChange, async ({ user, body, req }) => {
      await bus.request(RPC.requestEmailChange, { userId: user.sub, ...body, client: clientInfo(req) });
    }),
    bindRoute(R.confirmEmailChange, ({ user, body, req }) => bus.request(RPC.confirmEmailChange, { userId: user.sub, ...body, client: clientInfo(req) })),
    bindRoute(R.changePassword, async ({ user, body }) => {
      await bus.request(RPC.changePassword, { userId: user.sub, ...body, sessionId: user.sid });
    }),
    bindRoute(R.requestAccountDeletion, async ({ user, body, res }) => {
      const deletion = await bus.request(RPC.requestAccountDeletion, { userId: user.sub, ...body });
      // Every session ends: this browser's refresh cookie goes too.
      clearRefreshCookie(res, secureCookies);
      return deletion;
    }),
    bindRoute(R.requestDataExport, ({ user }) => bus.request(RPC.requestDataExport, { userId: user.sub })),
  ];
}

/**
 * `GET /api/v1/exports/{id}/{token}`, the link of the export mail: a redirect to a signed download
 * of the ZIP (600 s), so the bytes come straight from storage. 404 EXPORT_LINK_INVALID once expired.
 */
export function dataExportDownload(bus: Bus, limitByIp: (req: Request) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      await limitByIp(req);
      const params = parseOrThrow(ZDataExportParams, req.params, 'path');
      const { url } = await bus.request(ACCOUNT_LIFECYCLE_RPC.signDataExport, { exportId: params.id, token: params.token });
      res.setHeader('cache-control', 'no-store');
      res.setHeader('referrer-policy', 'no-referrer');
      res.redirect(302, url);
    })().catch(next);
  };
}
