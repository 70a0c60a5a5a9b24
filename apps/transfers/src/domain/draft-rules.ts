import type { TDraftFile, TDroppedFile, TRecipient } from '@ferry/contracts';
import {
  anonymousFileBlock,
  assertTransferLimits,
  CUSTOM_EXPIRY_MARKER,
  DEFAULT_EXPIRY_SECONDS,
  expiryNameOf,
  isCustomExpiryValid,
  isExpiryChoiceAllowed,
} from '@ferry/plans';
import { customDateError, expiryChoiceError, expiryNotAllowedError } from './transfers.errors';

/** A folder path as stored: forward slashes, no leading/trailing slash, null when empty. */
export function normalisePath(path: string | undefined): string | null {
  const clean = (path ?? '')
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s.length > 0)
    .join('/');
  return clean.length > 0 ? clean : null;
}

export interface FilteredFiles {
  kept: (Omit<TDraftFile, 'path'> & { path: string | null })[];
  dropped: TDroppedFile[];
}

/**
 * The server's pass over a draft's files: anonymous senders lose html/htm/exe files and
 * release-style videos; everyone loses duplicates (the same relative path, or the same name
 * without a path). What was removed is returned with the product's title for it.
 */
export function filterDraftFiles(files: TDraftFile[], options: { anonymous: boolean }): FilteredFiles {
  const kept: FilteredFiles['kept'] = [];
  const dropped: TDroppedFile[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const path = normalisePath(file.path);
    const block = options.anonymous ? anonymousFileBlock(file.name) : null;
    if (block) {
      dropped.push({ name: file.name, path, reason: block, title: block === 'insecureType' ? 'Insecure file type' : 'File removed' });
      continue;
    }
    const key = `${path ?? ''}\u0000${file.name}`;
    if (seen.has(key)) {
      dropped.push({ name: file.name, path, reason: 'duplicate', title: 'Duplicate file' });
      continue;
    }
    seen.add(key);
    kept.push({ ...file, path });
  }
  return { kept, dropped };
}

/** Recipients trimmed and lower-cased (by the schema), duplicates dropped case-insensitively; the first keeps its name. */
export function dedupeRecipients(recipients: TRecipient[]): TRecipient[] {
  const byEmail = new Map<string, TRecipient>();
  for (const r of recipients) if (!byEmail.has(r.email.toLowerCase())) byEmail.set(r.email.toLowerCase(), { ...r, email: r.email.toLowerCase() });
  return [...byEmail.values()];
}

/** The plan's per-transfer limits: total size, recipients, file count. */
export function checkDraftLimits(role: string, files: { size: number }[], recipientCount: number): void {
  assertTransferLimits(role, { files, recipientCount });
}

/**
 * The expiry a draft asks for, checked against the role: one of the choices (only 1 Week
 * without a subscription), or a custom date 30 minutes to 1 year ahead.
 */
export function resolveExpiry(role: string, draft: { expirySeconds?: number; expiryDate?: number }, now: Date): { seconds: number; date: Date } {
  const isCustom = draft.expiryDate !== undefined || draft.expirySeconds === CUSTOM_EXPIRY_MARKER;
  if (isCustom) {
    if (!isExpiryChoiceAllowed(role, CUSTOM_EXPIRY_MARKER)) throw expiryNotAllowedError();
    if (draft.expiryDate === undefined || !isCustomExpiryValid(draft.expiryDate, now)) throw customDateError();
    return { seconds: CUSTOM_EXPIRY_MARKER, date: new Date(draft.expiryDate) };
  }
  const seconds = draft.expirySeconds ?? DEFAULT_EXPIRY_SECONDS;
  if (!isExpiryChoiceAllowed(role, seconds)) {
    if (expiryNameOf(seconds) === undefined) throw expiryChoiceError();
    throw expiryNotAllowedError();
  }
  return { seconds, date: new Date(now.getTime() + seconds * 1000) };
}

/** When a transfer going live at `now` expires: a duration counts from that moment; a picked date stays as picked. */
export function expiryAtGoLive(transfer: { expirySeconds: number; expiryDate: Date }, now: Date): Date {
  return transfer.expirySeconds === CUSTOM_EXPIRY_MARKER ? transfer.expiryDate : new Date(now.getTime() + transfer.expirySeconds * 1000);
}
