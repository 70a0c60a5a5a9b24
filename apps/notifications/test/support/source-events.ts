import type { EventInput } from '@ferry/bus';
import type { TRequestUploaded, TTransferDownloaded } from '@ferry/contracts';

export const USER_A = 'user-a';
export const USER_B = 'user-b';

/** A download from Dubai through Ada's per-recipient link to Bo. */
export function downloadEvent(overrides: Partial<EventInput<TTransferDownloaded>> = {}): EventInput<TTransferDownloaded> {
  return {
    downloadId: 'dl-1',
    transferId: 'tr-1',
    slug: 'Ab3dE5f',
    ownerId: USER_A,
    senderId: USER_A,
    senderEmail: 'ada@acme.example',
    senderLang: 'en',
    fileName: 'report.pdf',
    all: false,
    receiverEmail: 'bo@client.example',
    ip: '94.200.0.1',
    downloadedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

/** Two files sent to Ada's request from Frankfurt. */
export function requestUploadEvent(overrides: Partial<EventInput<TRequestUploaded>> = {}): EventInput<TRequestUploaded> {
  return {
    requestId: 'rq-1',
    slug: 'Rq7xY2z',
    title: 'Q4 invoices',
    ownerId: USER_A,
    ownerEmail: 'ada@acme.example',
    ownerLang: 'zh',
    fileNames: ['invoice-1.pdf', 'invoice-2.pdf'],
    uploaderEmail: 'li@supplier.example',
    ip: '2a00:1450:4001::1',
    uploadedAt: '2026-11-24T09:30:00.000Z',
    ...overrides,
  };
}
