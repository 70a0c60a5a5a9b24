import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  DATA_EXPORT_LINK_DAYS,
  DATA_EXPORT_READY,
  DATA_EXPORT_REQUESTED,
  IDENTITY_RPC,
  STORAGE_RPC,
  type EventDef,
  type TDataExportRequestedEvent,
} from '@ferry/contracts';
import type { Bus } from '@ferry/bus';
import type { createAccountDataStore } from '../store/account-data.store';
import { zipTextFiles } from './json-zip';
import { hashExtensionToken as hashToken } from './offer-extension';
import type { DomainLogger } from './transfers.deps';

const DAY_MS = 86_400_000;

/** What the export use cases get passed in. */
export interface DataExportDeps {
  bus: Pick<Bus, 'request'>;
  clock: () => Date;
  /** Runs `work` in one transaction with the account-data store and the outbox of that transaction. */
  transaction<T>(work: (tx: ReturnType<typeof createAccountDataStore> & { emit: EmitEvent }) => Promise<T>): Promise<T>;
  store: ReturnType<typeof createAccountDataStore>;
}

export type EmitEvent = <T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>) => Promise<T>;

const exportLinkInvalidError = () => new AppError('EXPORT_LINK_INVALID', { message: 'This download link has expired or is not valid.' });

/** Records the request; the ZIP is built off the request path (`evt.data-export.requested`). */
export async function requestDataExport(deps: DataExportDeps, request: { userId: string }): Promise<{ requestedAt: string }> {
  const now = deps.clock();
  await deps.transaction(async (tx) => {
    const exportId = randomUUID();
    await tx.insertDataExport({ id: exportId, userId: request.userId, now });
    await tx.emit(DATA_EXPORT_REQUESTED, { userId: request.userId, exportId });
  });
  return { requestedAt: now.toISOString() };
}

/**
 * Builds the ZIP (account.json, transfers.json with files, recipients and download logs,
 * requests.json, contacts.json), stores it in the user's storage and emits the link's token for
 * the mail; the link works for 7 days.
 */
export async function buildDataExport(deps: DataExportDeps, event: TDataExportRequestedEvent, emit: EmitEvent): Promise<void> {
  const found = await deps.store.findDataExport(event.exportId);
  if (!found || found.status === 'ready') return;
  const account = await deps.bus.request(IDENTITY_RPC.getMe, { userId: event.userId });
  const data = await deps.store.collectUserData(event.userId);
  const now = deps.clock();
  const zip = zipTextFiles(
    [
      { name: 'account.json', text: JSON.stringify(account, null, 2) },
      { name: 'transfers.json', text: JSON.stringify(data.transfers, null, 2) },
      { name: 'requests.json', text: JSON.stringify(data.requests, null, 2) },
      { name: 'contacts.json', text: JSON.stringify(data.contacts, null, 2) },
    ],
    now,
  );
  const name = `ferry-export-${now.toISOString().slice(0, 10)}.zip`;
  const { grants } = await deps.bus.request(STORAGE_RPC.createUploadGrants, {
    owner: { type: 'userUpload', userId: event.userId },
    files: [{ name, size: zip.length, contentType: 'application/zip' }],
  });
  const grant = grants[0];
  if (!grant?.single) throw new Error('storage gave no single PUT for the export');
  const put = await fetch(grant.single.url, { method: 'PUT', headers: grant.single.headers, body: zip });
  if (!put.ok) throw new Error(`storing the export answered ${put.status}`);
  await put.body?.cancel();
  await deps.bus.request(STORAGE_RPC.completeUploads, { uploads: [{ uploadToken: grant.uploadToken }] });
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS);
  await deps.store.markDataExportReady(event.exportId, { fileId: grant.fileId, tokenHash: hashToken(token), now, expiresAt });
  await emit(DATA_EXPORT_READY, {
    userId: event.userId,
    email: account.email,
    lang: account.lang,
    exportId: event.exportId,
    token,
    expiresAt: expiresAt.toISOString(),
  });
}

/**
 * Part of the expiry sweep: an export whose 7-day link has expired has its ZIP deleted from storage,
 * then its row (the link answers 404 either way). Answers how many were deleted; one that fails is
 * tried again on the next sweep.
 */
export async function deleteExpiredDataExports(deps: DataExportDeps & { log: Pick<DomainLogger, 'warn'> }, batch = 100): Promise<number> {
  let deleted = 0;
  for (const expired of await deps.store.listExpiredDataExports(deps.clock(), batch)) {
    try {
      await deps.bus.request(STORAGE_RPC.deleteObjects, { fileIds: [expired.fileId] });
      await deps.store.deleteDataExport(expired.id);
      deleted += 1;
    } catch (error) {
      deps.log.warn({ err: error, exportId: expired.id }, 'expired export not deleted; tried again on the next sweep');
    }
  }
  return deleted;
}

/** The mailed link's token for a signed download URL (600 s) of the ZIP; anything else is 404. */
export async function signDataExport(deps: DataExportDeps, request: { exportId: string; token: string }): Promise<{ url: string; expiresAt: string }> {
  const isId = /^[0-9a-f-]{36}$/.test(request.exportId);
  const found = isId ? await deps.store.findDataExport(request.exportId) : undefined;
  if (!found?.fileId || !found.tokenHash || !found.expiresAt || found.expiresAt.getTime() <= deps.clock().getTime()) throw exportLinkInvalidError();
  const given = Buffer.from(hashToken(request.token));
  const stored = Buffer.from(found.tokenHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) throw exportLinkInvalidError();
  return deps.bus.request(STORAGE_RPC.signDownload, { fileId: found.fileId });
}
