import { z } from 'zod';
import { ZSendingDomain, ZSetSendingDomainBody } from '../identity/sending-domain.schemas';
import { defineHttpRoute } from './define-http-route';

/**
 * The Domain tab's custom sending domain: the admin adds a domain, creates the DKIM and SPF records
 * it shows, and once the check finds them the recipients' mails come from that domain, DKIM-signed
 * (Business plans; admins only).
 */
export const SENDING_DOMAIN_ROUTES = {
  getSendingDomain: defineHttpRoute({
    method: 'get', path: '/me/sending-domain', tag: 'account', auth: 'user',
    summary: "The company's sending domain, its status and the DNS records to create", status: 200, response: ZSendingDomain, errors: [401],
  }),
  setSendingDomain: defineHttpRoute({
    method: 'post', path: '/me/sending-domain', tag: 'account', auth: 'user',
    summary: 'Add a sending domain (e.g. acme.com): a DKIM key is made for it and its records are checked at once (Business plans, team admins only)',
    body: ZSetSendingDomainBody, status: 200, response: ZSendingDomain, errors: [400, 401, 403, 409],
  }),
  checkSendingDomain: defineHttpRoute({
    method: 'post', path: '/me/sending-domain/checks', tag: 'account', auth: 'user',
    summary: "Look the domain's DKIM and SPF records up now", body: z.object({}).strict(), status: 200, response: ZSendingDomain, errors: [401, 403, 404],
  }),
  removeSendingDomain: defineHttpRoute({
    method: 'delete', path: '/me/sending-domain', tag: 'account', auth: 'user',
    summary: "Stop sending from the domain: mails come from Ferry's address again", status: 200, response: ZSendingDomain, errors: [401, 403],
  }),
} as const;
