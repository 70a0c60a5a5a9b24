import { AppError, type TDraftFile, type TDroppedFile, type TRecipient } from '@ferry/contracts';
import {
  anonymousFileBlock,
  assertTransferLimits,
  CUSTOM_EXPIRY_MARKER,
  DEFAULT_EXPIRY_SECONDS,
  expiryNameOf,
  isCustomExpiryValid,
  isExpiryChoiceAllowed,
  TRIAL_ACTION,
} from '@ferry/plans';

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

const expiryNotAllowed = () =>
  new AppError('EXPIRY_NOT_ALLOWED', { message: 'Expiry choices other than 1 Week need a subscription', details: { action: TRIAL_ACTION } });

/**
 * The expiry a draft asks for, checked against the role: one of the choices (only 1 Week
 * without a subscription), or a custom date 30 minutes to 1 year ahead.
 */
export function resolveExpiry(role: string, draft: { expirySeconds?: number; expiryDate?: number }, now: Date): { seconds: number; date: Date } {
  const isCustom = draft.expiryDate !== undefined || draft.expirySeconds === CUSTOM_EXPIRY_MARKER;
  if (isCustom) {
    if (!isExpiryChoiceAllowed(role, CUSTOM_EXPIRY_MARKER)) throw expiryNotAllowed();
    if (draft.expiryDate === undefined || !isCustomExpiryValid(draft.expiryDate, now)) {
      throw new AppError('VALIDATION_FAILED', { message: 'Pick a date between 30 minutes and 1 year from now', details: { field: 'expiryDate' } });
    }
    return { seconds: CUSTOM_EXPIRY_MARKER, date: new Date(draft.expiryDate) };
  }
  const seconds = draft.expirySeconds ?? DEFAULT_EXPIRY_SECONDS;
  if (!isExpiryChoiceAllowed(role, seconds)) {
    if (expiryNameOf(seconds) === undefined) throw new AppError('VALIDATION_FAILED', { message: 'Choose one of the expiry options', details: { field: 'expirySeconds' } });
    throw expiryNotAllowed();
  }
  return { seconds, date: new Date(now.getTime() + seconds * 1000) };
}
