import type { TDownloadRecord, TPublicTransfer, TTransferDetail, TTransferFile, TTransferSummary } from '@ferry/contracts';
import { formatBytes } from '@ferry/plans';
import { EXPIRING_MS } from './transfers.deps';
import type { DownloadRecord, RecipientRecord, TransferFileRecord, TransferRecord } from './transfers.ports';

/** A transfer's link in PRODUCT.md's shape, `/w/{slug}` (the older `/d/` and `/downloads/` links keep working). */
export const transferUrl = (publicUrl: string, slug: string) => `${publicUrl}/w/${slug}`;
/** The per-recipient link of a mailed transfer (PRODUCT.md's /downloads/{id}/{user?}). */
export const recipientUrl = (publicUrl: string, slug: string, token: string) => `${publicUrl}/downloads/${slug}/${token}`;

export function fileView(file: TransferFileRecord): TTransferFile {
  return { id: file.id, name: file.name, path: file.path, size: file.size, kind: file.kind, contentType: file.contentType };
}

export function downloadView(download: DownloadRecord): TDownloadRecord {
  return {
    id: download.id,
    fileId: download.fileId,
    fileName: download.fileName,
    all: download.allFiles,
    receiverEmail: download.receiverEmail,
    country_name: download.country,
    countryCode: download.countryCode,
    city: download.city,
    dlDate: download.downloadedAt.toISOString(),
  };
}

/** Active if the expiry is now or later (PRODUCT.md section 4). */
export const isActive = (transfer: Pick<TransferRecord, 'expiryDate'>, now: Date) => transfer.expiryDate.getTime() >= now.getTime();

export function summaryView(
  transfer: TransferRecord,
  related: { recipients: RecipientRecord[]; downloads: DownloadRecord[] },
  viewerId: string,
  publicUrl: string,
  now: Date,
): TTransferSummary {
  const active = isActive(transfer, now);
  return {
    _id: transfer.id,
    slug: transfer.slug,
    url: transferUrl(publicUrl, transfer.slug),
    sendAs: transfer.sendAs,
    fileName: transfer.firstFileName,
    fileNumber: transfer.fileCount,
    totalBytes: transfer.totalSize,
    size: formatBytes(transfer.totalSize),
    message: transfer.message,
    emailTo: related.recipients.map((r) => ({ email: r.email, ...(r.name ? { name: r.name } : {}), ...(r.company ? { company: r.company } : {}) })),
    senderId: transfer.senderId,
    senderEmail: transfer.senderEmail,
    dateSent: (transfer.dateSent ?? transfer.createdAt).getTime(),
    expiryDate: transfer.expiryDate.getTime(),
    total_downloads: transfer.downloadCount,
    downloads: related.downloads.map((d) => ({ country_name: d.country, countryCode: d.countryCode, dlDate: d.downloadedAt.toISOString() })),
    hasPassword: transfer.passwordHash !== null,
    restricted: transfer.restricted,
    state: active ? 'active' : 'expired',
    unseen: active && transfer.downloadCount === 0,
    expiring: active && transfer.expiryDate.getTime() - now.getTime() < EXPIRING_MS,
    shared: transfer.senderId !== viewerId && transfer.shareWith.includes(viewerId),
    region: transfer.region,
  };
}

export function detailView(
  transfer: TransferRecord,
  related: { recipients: RecipientRecord[]; downloads: DownloadRecord[]; files: TransferFileRecord[] },
  viewerId: string,
  publicUrl: string,
  now: Date,
): TTransferDetail {
  return {
    ...summaryView(transfer, related, viewerId, publicUrl, now),
    files: related.files.filter((f) => f.status === 'complete').map(fileView),
    downloadLog: related.downloads.map(downloadView),
    shareWith: transfer.shareWith,
  };
}

export function publicView(transfer: TransferRecord, files: TransferFileRecord[], recipient: string | null): TPublicTransfer {
  return {
    slug: transfer.slug,
    files: files.map(fileView),
    totalBytes: transfer.totalSize,
    size: formatBytes(transfer.totalSize),
    message: transfer.message,
    senderEmail: transfer.senderEmail,
    senderName: transfer.senderName,
    dateSent: (transfer.dateSent ?? transfer.createdAt).getTime(),
    expiryDate: transfer.expiryDate.getTime(),
    region: transfer.region,
    hasPassword: transfer.passwordHash !== null,
    recipient,
  };
}
