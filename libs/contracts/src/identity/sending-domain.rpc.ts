import { z } from 'zod';
import { defineRpc } from '../messaging/define-rpc';
import { ZSendingDomain } from './sending-domain.schemas';
import { ZDownloadHostName } from './download-host.schemas';

const ZUserId = z.string().min(1).max(64);

/** How the mail service signs a company's mails: the From, and the DKIM key sealed with EVENT_SEAL_KEY (field `privateKey`). */
export const ZMailSigner = z.object({
  from: z.string(),
  domainName: z.string(),
  keySelector: z.string(),
  /** Sealed as an event field named `privateKey` is (mail opens it with its EVENT_SEAL_KEY); never in clear on the bus. */
  privateKey: z.string(),
});
export type TMailSigner = z.infer<typeof ZMailSigner>;

/** identity's custom sending domains (Domain tab; the mail service's signer). */
export const SENDING_DOMAIN_RPC = {
  get: defineRpc('svc.identity.sending-domain-get', z.object({ userId: ZUserId }), ZSendingDomain),
  /** Adds the domain with a new DKIM key and checks its records at once. */
  set: defineRpc('svc.identity.sending-domain-set', z.object({ userId: ZUserId, domain: ZDownloadHostName }), ZSendingDomain, { timeoutMs: 15_000 }),
  check: defineRpc('svc.identity.sending-domain-check', z.object({ userId: ZUserId }), ZSendingDomain, { timeoutMs: 15_000 }),
  remove: defineRpc('svc.identity.sending-domain-remove', z.object({ userId: ZUserId }), ZSendingDomain),
  /** The signer of an owner's company while its domain is verified and its plan allows it; else null (Ferry's From, unsigned). */
  signer: defineRpc('svc.identity.sending-domain-signer', z.object({ userId: ZUserId }), z.object({ signer: ZMailSigner.nullable() })),
};
