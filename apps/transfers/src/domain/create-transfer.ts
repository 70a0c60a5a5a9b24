import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { TRIAL_ACTION, userGrantOwner } from '@ferry/plans';
import {
  AppError,
  DEFAULT_REGION,
  IDENTITY_RPC,
  TRANSFERS_RPC,
  type TAccessClaims,
  type TCreatedTransfer,
  type TGrantOwner,
  type TRecipient,
  type TUploadGrant,
} from '@ferry/contracts';
import { filesTable, recipientsTable, transfersTable, upsertContacts, type Db, type TransferRow } from '../store/transfers.store';
import { ownerIdOf } from './access';
import { checkDraftLimits, dedupeRecipients, filterDraftFiles, resolveExpiry } from './draft-rules';
import { grantUploads } from './grant-uploads';
import { checkSenderMaySend, checkShareWith } from './sender-checks';
import { newRecipientToken, newSlug } from './slug';
import { transferUrl } from './transfer-view';
import type { RpcRequest, TransfersDeps } from './transfers.deps';

/** The storage a sender's uploads go to: the slug for anonymous senders, the admin's root for team members. */
export function grantOwnerFor(caller: TAccessClaims | null, slug: string): TGrantOwner {
  if (!caller) return { type: 'anonUpload', slug };
  return userGrantOwner(caller);
}

const PREMIUM_LINK = () =>
  new AppError('LINK_PREMIUM_ONLY', {
    message: 'Hey, right now links are reserved for premium accounts.',
    details: { title: 'Copy link', action: TRIAL_ACTION },
  });

async function uniqueSlug(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = newSlug();
    if (!(await transfersTable(db).where({ slug }).first('id'))) return slug;
  }
  throw new Error('Could not find a free slug in 5 tries');
}

export interface NewTransferFields {
  caller: TAccessClaims | null;
  slug: string;
  sendAs: 'link' | 'email';
  senderEmail: string | null;
  senderName: string | null;
  lang: 'en' | 'zh';
  message: string | null;
  region: string;
  passwordHash: string | null;
  expiry: { seconds: number; date: Date };
  shareWith: string[];
  recipients: TRecipient[];
  forwardedFrom?: string;
}

/** Writes a transfer with its recipients (and the sender's new contacts) in `trx`. */
export async function insertTransfer(trx: Db, fields: NewTransferFields, now: Date): Promise<TransferRow> {
  const id = randomUUID();
  const row = {
    id,
    slug: fields.slug,
    owner_id: fields.caller ? ownerIdOf(fields.caller) : null,
    sender_id: fields.caller?.sub ?? null,
    sender_email: fields.senderEmail,
    sender_name: fields.senderName,
    lang: fields.lang,
    send_as: fields.sendAs,
    message: fields.message,
    region: fields.region,
    status: 'uploading' as const,
    restricted: false,
    password_hash: fields.passwordHash,
    expiry_seconds: fields.expiry.seconds,
    expiry_date: fields.expiry.date,
    created_at: now,
    updated_at: now,
    share_with: fields.shareWith,
    forwarded_from: fields.forwardedFrom ?? null,
  };
  const [inserted] = await transfersTable(trx).insert(row).returning('*');
  if (fields.recipients.length > 0) {
    await recipientsTable(trx).insert(
      fields.recipients.map((r) => ({ id: randomUUID(), transfer_id: id, email: r.email, name: r.name ?? null, company: r.company ?? null, token: newRecipientToken() })),
    );
    if (fields.caller) await upsertContacts(trx, ownerIdOf(fields.caller), fields.recipients, now);
  }
  return inserted as TransferRow;
}

/** What every new transfer checks, whether its files are uploaded (quick send) or copied (forward). */
export async function prepareDraft(
  deps: TransfersDeps,
  caller: TAccessClaims | null,
  draft: RpcRequest<typeof TRANSFERS_RPC.create>['draft'],
  client: RpcRequest<typeof TRANSFERS_RPC.create>['client'],
  files: { size: number }[],
) {
  const now = deps.clock();
  const role = caller?.role ?? 'anon';
  if (caller) await checkSenderMaySend(deps, caller);
  if (!caller && draft.sendAs === 'link') throw PREMIUM_LINK();
  const recipients = draft.sendAs === 'email' ? dedupeRecipients(draft.emailTo) : [];
  const senderEmail = (draft.senderEmail ?? caller?.email ?? null)?.toLowerCase() ?? null;
  if (draft.sendAs === 'email') {
    if (recipients.length === 0) throw new AppError('VALIDATION_FAILED', { message: 'Invalid Email To Address', details: { field: 'emailTo' } });
    if (!senderEmail) throw new AppError('VALIDATION_FAILED', { message: 'Your email is required', details: { field: 'senderEmail' } });
    if (!caller) {
      const verified = client.verificationTicket
        ? (await deps.bus.request(IDENTITY_RPC.checkEmailVerification, { email: senderEmail, purpose: 'send', ticket: client.verificationTicket })).verified
        : false;
      if (!verified) throw new AppError('EMAIL_NOT_VERIFIED', { message: 'Verify your email first: we sent you a 5-digit code', details: { field: 'senderEmail' } });
    }
  }
  checkDraftLimits(role, files, recipients.length);
  const expiry = resolveExpiry(role, draft, now);
  const shareWith = caller ? await checkShareWith(deps, caller, draft.shareWith) : [];
  if (!caller && (draft.shareWith?.length ?? 0) > 0) throw new AppError('VALIDATION_FAILED', { message: 'Log in to share with your team', details: { field: 'shareWith' } });
  return {
    now,
    recipients,
    senderEmail,
    expiry,
    shareWith,
    passwordHash: draft.password ? await hash(draft.password) : null,
    lang: draft.lang ?? 'en',
    message: draft.message && draft.message.trim().length > 0 ? draft.message : null,
    region: draft.region ?? DEFAULT_REGION,
  };
}

/**
 * Quick send (`POST /transfers`): checks the draft for the sender's role, asks storage for a
 * grant per file (keys under the sender's prefix, generated by storage) and records the transfer
 * as uploading. It goes live at `complete`.
 */
export async function createTransfer(deps: TransfersDeps, request: RpcRequest<typeof TRANSFERS_RPC.create>): Promise<TCreatedTransfer> {
  const { caller, draft, client } = request;
  const { kept, dropped } = filterDraftFiles(draft.files, { anonymous: caller === null });
  if (kept.length === 0) {
    throw draft.files.length === 0
      ? new AppError('VALIDATION_FAILED', { message: 'Add at least one file', details: { field: 'files' } })
      : new AppError('NO_FILES_LEFT', { message: 'None of these files can be sent', details: { dropped } });
  }
  const prepared = await prepareDraft(deps, caller, draft, client, kept);
  const slug = await uniqueSlug(deps.db);
  const { grants, recorded: row } = await grantUploads(
    deps,
    { owner: grantOwnerFor(caller, slug), region: prepared.region as never, files: kept.map((f) => ({ name: f.name, size: f.size, contentType: f.contentType })) },
    (grants) =>
      deps.db.transaction(async (trx) => {
        const inserted = await insertTransfer(trx, { caller, slug, senderName: draft.senderName ?? null, sendAs: draft.sendAs, ...prepared }, prepared.now);
        await insertFiles(trx, inserted.id, kept, grants, 0, prepared.now);
        return inserted;
      }),
  );
  return {
    id: row.id,
    slug,
    url: transferUrl(deps.publicUrl, slug),
    status: 'uploading',
    uploads: grants,
    dropped,
    contacts: caller ? prepared.recipients : [],
  };
}

/** Records a grant's file under the transfer, `uploading` until complete confirms it. */
export async function insertFiles(
  trx: Db,
  transferId: string,
  files: { name: string; size: number; path: string | null; kind: 'file' | 'voiceMemo' | 'recordedVideo'; contentType?: string }[],
  grants: TUploadGrant[],
  firstPosition: number,
  now: Date,
): Promise<void> {
  if (grants.length !== files.length) throw new Error(`Storage answered ${grants.length} grants for ${files.length} files`);
  await filesTable(trx).insert(
    files.map((f, index) => ({
      id: (grants[index] as TUploadGrant).fileId,
      transfer_id: transferId,
      position: firstPosition + index,
      name: f.name,
      path: f.path,
      size: f.size,
      kind: f.kind,
      content_type: f.contentType ?? null,
      status: 'uploading' as const,
      created_at: now,
    })),
  );
}
