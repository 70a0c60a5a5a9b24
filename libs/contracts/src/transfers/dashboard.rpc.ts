import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZAnalytics, ZAnalyticsQuery, ZContactList, ZContactListQuery } from './dashboard.schemas';
import { TRANSFERS_TIMEOUT, ZCaller } from './transfers.rpc';

/** The dashboard's contacts and analytics, always of the signed-in caller. */
export const DASHBOARD_RPC = {
  listContacts: defineRpc('svc.transfers.list-contacts', z.object({ caller: ZCaller, query: ZContactListQuery }), ZContactList, TRANSFERS_TIMEOUT),
  analytics: defineRpc('svc.transfers.analytics', z.object({ caller: ZCaller, query: ZAnalyticsQuery }), ZAnalytics, TRANSFERS_TIMEOUT),
};
