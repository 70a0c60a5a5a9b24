import { z } from 'zod';
import { ZDownloadHost, ZSetDownloadHostBody } from '../identity/download-host.schemas';
import { defineHttpRoute } from './define-http-route';

/**
 * The Domain tab's custom download host: the admin types a host, creates the CNAME it shows, and
 * once the check finds it the company's links use that host (Business plans; admins only).
 */
export const DOWNLOAD_HOST_ROUTES = {
  getDownloadHost: defineHttpRoute({
    method: 'get', path: '/me/download-host', tag: 'account', auth: 'user',
    summary: "The company's custom download host, its status and the CNAME record to create", status: 200, response: ZDownloadHost, errors: [401],
  }),
  setDownloadHost: defineHttpRoute({
    method: 'post', path: '/me/download-host', tag: 'account', auth: 'user',
    summary: 'Type a download host (e.g. files.example.com); its CNAME is checked at once (Business plans, team admins only)',
    body: ZSetDownloadHostBody, status: 200, response: ZDownloadHost, errors: [400, 401, 403, 409],
  }),
  checkDownloadHost: defineHttpRoute({
    method: 'post', path: '/me/download-host/checks', tag: 'account', auth: 'user',
    summary: "Look the host's CNAME up now", body: z.object({}).strict(), status: 200, response: ZDownloadHost, errors: [401, 403, 404],
  }),
  removeDownloadHost: defineHttpRoute({
    method: 'delete', path: '/me/download-host', tag: 'account', auth: 'user',
    summary: "Stop using the custom host: links go back to Ferry's", status: 200, response: ZDownloadHost, errors: [401, 403],
  }),
} as const;
