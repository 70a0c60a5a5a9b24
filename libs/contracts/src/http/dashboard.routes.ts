import { ZLatestDownloads, ZLatestDownloadsQuery, ZUsage } from '../transfers/dashboard.schemas';
import { defineHttpRoute } from './define-http-route';

/** The dashboard home's numbers, served by transfers. */
export const DASHBOARD_ROUTES = {
  usage: defineHttpRoute({
    method: 'get', path: '/me/usage', tag: 'account', auth: 'user',
    summary: "This month's transfers against the plan's cap, storage used against the plan (ok, almostFull from 90%, full), the quick-send region, and what blocks sending",
    status: 200, response: ZUsage, errors: [401],
  }),
  latestDownloads: defineHttpRoute({
    method: 'get', path: '/downloads', tag: 'transfers', auth: 'user',
    summary: 'The newest downloads of your transfers (time, city, country and its code, file, recipient, transfer slug); ?limit= 1 to 50, 10 by default',
    query: ZLatestDownloadsQuery, status: 200, response: ZLatestDownloads, errors: [400, 401],
  }),
} as const;
