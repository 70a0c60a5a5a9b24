import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZAnalytics, ZAnalyticsQuery, ZContactList, ZContactListQuery, ZLatestDownloads, ZLatestDownloadsQuery, ZUsage } from './dashboard.schemas';
import { TRANSFERS_TIMEOUT, ZCaller } from './transfers.rpc';

/** The dashboard's contacts, analytics, usage and latest downloads, always of the signed-in caller. */
export const DASHBOARD_RPC = {
  listContacts: defineRpc('svc.transfers.list-contacts', z.object({ caller: ZCaller, query: ZContactListQuery }), ZContactList, TRANSFERS_TIMEOUT),
  analytics: defineRpc('svc.transfers.analytics', z.object({ caller: ZCaller, query: ZAnalyticsQuery }), ZAnalytics, TRANSFERS_TIMEOUT),
  usage: defineRpc('svc.transfers.usage', z.object({ caller: ZCaller }), ZUsage, TRANSFERS_TIMEOUT),
  latestDownloads: defineRpc('svc.transfers.latest-downloads', z.object({ caller: ZCaller, query: ZLatestDownloadsQuery }), ZLatestDownloads, TRANSFERS_TIMEOUT),
};
