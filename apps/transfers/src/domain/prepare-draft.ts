import { hash } from '@node-rs/argon2';
import { DEFAULT_REGION, IDENTITY_RPC, type TCaller, type TRANSFERS_RPC } from '@ferry/contracts';
import { checkDraftLimits, dedupeRecipients, resolveExpiry } from './draft-rules';
import { savedRegionOf } from './saved-region';
import { defaultTransferExpiry } from './sender-settings';
import { checkSenderMaySend, checkShareWith } from './sender-checks';
import type { NewTransferFields } from './new-transfer';
import type { RpcRequest, TransfersDeps } from './transfers.deps';
import { emailNotVerifiedError, linkPremiumOnlyError, noRecipientsError, senderEmailRequiredError, shareNeedsLoginError } from './transfers.errors';

type Draft = RpcRequest<typeof TRANSFERS_RPC.create>['draft'];
type Client = RpcRequest<typeof TRANSFERS_RPC.create>['client'];

/** What a checked draft adds to a new transfer: everything but who sends it and where. */
export type PreparedDraft = Omit<NewTransferFields, 'caller' | 'slug' | 'sendAs' | 'senderName' | 'forwardedFrom'> & { now: Date };

/** An anonymous email send needs the sender's address verified by this browser (the `ferry_ev` ticket). */
async function isSenderVerified(deps: TransfersDeps, senderEmail: string, client: Client): Promise<boolean> {
  if (!client.verificationTicket) return false;
  const { verified } = await deps.bus.request(IDENTITY_RPC.checkEmailVerification, { email: senderEmail, purpose: 'send', ticket: client.verificationTicket });
  return verified;
}

/** What every new transfer checks, whether its files are uploaded (quick send) or copied (forward). */
export async function prepareDraft(deps: TransfersDeps, caller: TCaller | null, draft: Draft, client: Client, files: { size: number }[]): Promise<PreparedDraft> {
  const now = deps.clock();
  const role = caller?.role ?? 'anon';
  if (caller) await checkSenderMaySend(deps, caller);
  if (!caller && draft.sendAs === 'link') throw linkPremiumOnlyError();
  const recipients = draft.sendAs === 'email' ? dedupeRecipients(draft.emailTo) : [];
  const senderEmail = (draft.senderEmail ?? caller?.email ?? null)?.toLowerCase() ?? null;
  if (draft.sendAs === 'email') {
    if (recipients.length === 0) throw noRecipientsError();
    if (!senderEmail) throw senderEmailRequiredError();
    if (!caller && !(await isSenderVerified(deps, senderEmail, client))) throw emailNotVerifiedError();
  }
  checkDraftLimits(role, files, recipients.length);
  // A draft that names no expiry takes the sender's default (the settings tab's).
  const namesExpiry = draft.expirySeconds !== undefined || draft.expiryDate !== undefined;
  const expirySeconds = namesExpiry ? draft.expirySeconds : await defaultTransferExpiry(deps, caller ? { id: caller.sub, role } : null);
  const expiry = resolveExpiry(role, { ...draft, expirySeconds }, now);
  const shareWith = caller ? await checkShareWith(deps, caller, draft.shareWith) : [];
  if (!caller && (draft.shareWith?.length ?? 0) > 0) throw shareNeedsLoginError();
  return {
    now,
    recipients,
    senderEmail,
    expiry,
    shareWith,
    passwordHash: draft.password ? await hash(draft.password) : null,
    lang: draft.lang ?? 'en',
    message: draft.message && draft.message.trim().length > 0 ? draft.message : null,
    // Without a region in the draft, a signed-in sender's files go where their account keeps them.
    region: draft.region ?? (caller ? await savedRegionOf(deps, caller) : DEFAULT_REGION),
  };
}
