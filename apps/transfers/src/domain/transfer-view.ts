import type { TDownloadRecord, TPublicTransfer, TRegion, TTransferDetail, TTransferFile, TTransferSummary } from '@ferry/contracts';
import { formatBytes } from '@ferry/plans';
import type { DownloadRow, FileRow, RecipientRow, TransferRow } from '../store/transfers.store';
import { EXPIRING_MS } from './transfers.deps';

export const transferUrl = (publicUrl: string, slug: string) => `${publicUrl}/d/${slug}`;
/** The per-recipient link of a mailed transfer (PRODUCT.md's /downloads/{id}/{user?}). */
export const recipientUrl = (publicUrl: string, slug: string, token: string) => `${publicUrl}/downloads/${slug}/${token}`;

export function fileView(row: FileRow): TTransferFile {
  return { id: row.id, name: row.name, path: row.path, size: Number(row.size), kind: row.kind, contentType: row.content_type };
}

export function downloadView(row: DownloadRow): TDownloadRecord {
  return {
    id: row.id,
    fileId: row.file_id,
    fileName: row.file_name,
    all: row.all_files,
    receiverEmail: row.receiver_email,
    country_name: row.country,
    countryCode: row.country_code,
    city: row.city,
    dlDate: row.downloaded_at.toISOString(),
  };
}

/** Active if the expiry is now or later (PRODUCT.md section 4). */
export const isActive = (row: Pick<TransferRow, 'expiry_date'>, now: Date) => row.expiry_date.getTime() >= now.getTime();

export function summaryView(
  row: TransferRow,
  related: { recipients: RecipientRow[]; downloads: DownloadRow[] },
  viewerId: string,
  publicUrl: string,
  now: Date,
): TTransferSummary {
  const active = isActive(row, now);
  const totalBytes = Number(row.total_size);
  return {
    _id: row.id,
    slug: row.slug,
    url: transferUrl(publicUrl, row.slug),
    sendAs: row.send_as,
    fileName: row.first_file_name,
    fileNumber: row.file_count,
    totalBytes,
    size: formatBytes(totalBytes),
    message: row.message,
    emailTo: related.recipients.map((r) => ({ email: r.email, ...(r.name ? { name: r.name } : {}), ...(r.company ? { company: r.company } : {}) })),
    senderId: row.sender_id,
    senderEmail: row.sender_email,
    dateSent: (row.date_sent ?? row.created_at).getTime(),
    expiryDate: row.expiry_date.getTime(),
    total_downloads: row.download_count,
    downloads: related.downloads.map((d) => ({ country_name: d.country, dlDate: d.downloaded_at.toISOString() })),
    hasPassword: row.password_hash !== null,
    restricted: row.restricted,
    state: active ? 'active' : 'expired',
    unseen: active && row.download_count === 0,
    expiring: active && row.expiry_date.getTime() - now.getTime() < EXPIRING_MS,
    shared: row.sender_id !== viewerId && row.share_with.includes(viewerId),
    region: row.region as TRegion,
  };
}

export function detailView(
  row: TransferRow,
  related: { recipients: RecipientRow[]; downloads: DownloadRow[]; files: FileRow[] },
  viewerId: string,
  publicUrl: string,
  now: Date,
): TTransferDetail {
  return {
    ...summaryView(row, related, viewerId, publicUrl, now),
    files: related.files.filter((f) => f.status === 'complete').map(fileView),
    downloadLog: related.downloads.map(downloadView),
    shareWith: row.share_with,
  };
}

export function publicView(row: TransferRow, files: FileRow[], recipient: string | null): TPublicTransfer {
  const totalBytes = Number(row.total_size);
  return {
    slug: row.slug,
    files: files.map(fileView),
    totalBytes,
    size: formatBytes(totalBytes),
    message: row.message,
    senderEmail: row.sender_email,
    senderName: row.sender_name,
    dateSent: (row.date_sent ?? row.created_at).getTime(),
    expiryDate: row.expiry_date.getTime(),
    region: row.region as TRegion,
    hasPassword: row.password_hash !== null,
    recipient,
  };
}
