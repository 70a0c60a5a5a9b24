import { randomUUID } from 'node:crypto';
import { AppError } from '@ferry/contracts';
import { zipArchiveSize, type ZipEntrySource } from './zip-stream';
import { findComplete } from './stored-objects';
import { GET_URL_SECONDS, type StorageDeps } from './storage.deps';

/** A link (600 s) to a ZIP of finished objects, streamed by this service when opened. */
export async function signZip(
  deps: StorageDeps,
  request: { name: string; entries: { fileId: string; path: string }[] },
): Promise<{ url: string; expiresAt: string; size: number }> {
  const rows = await findComplete(deps, request.entries.map((e) => e.fileId));
  const size = zipArchiveSize(request.entries.map((entry, i) => ({ path: entry.path, size: rows[i]!.size ?? 0 })));
  const id = randomUUID();
  const expires = Math.floor(deps.clock().getTime() / 1000) + GET_URL_SECONDS;
  await deps.store.insertZipGrant({ id, name: request.name, entries: request.entries, expiresAt: new Date(expires * 1000) });
  const token = deps.tokens.sign('zip', id, expires);
  return { url: `${deps.publicUrl.replace(/\/+$/, '')}/zip/${token}`, expiresAt: new Date(expires * 1000).toISOString(), size };
}

export interface OpenedZip {
  name: string;
  size: number;
  entries: ZipEntrySource[];
}

/** The entries a ZIP token names, each opened only when the archive reaches it. */
export async function openZip(deps: StorageDeps, token: string): Promise<OpenedZip> {
  const id = deps.tokens.verify('zip', token, Math.floor(deps.clock().getTime() / 1000));
  if (!id) throw new AppError('URL_EXPIRED', { message: 'This link has expired; ask for a new one' });
  const grant = await deps.store.findZipGrant(id);
  if (!grant) throw new AppError('URL_EXPIRED', { message: 'This link has expired; ask for a new one' });
  const rows = await findComplete(deps, grant.entries.map((e) => e.fileId));
  const entries: ZipEntrySource[] = grant.entries.map((entry, i) => {
    const row = rows[i]!;
    return {
      path: entry.path,
      size: row.size ?? 0,
      modifiedAt: row.completedAt ?? row.createdAt,
      open: async () => deps.regions.byBucket(row.bucket).driver.read({ bucket: row.bucket, key: row.key }),
    };
  });
  return { name: grant.name, size: zipArchiveSize(entries), entries };
}
