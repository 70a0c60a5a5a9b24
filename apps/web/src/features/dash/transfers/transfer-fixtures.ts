import type { TTransferDetail, TTransferList, TTransferSummary } from '@ferry/contracts';

/** A listed transfer for component tests; `over` changes what a test is about. */
export function summary(i: number, over: Partial<TTransferSummary> = {}): TTransferSummary {
  return {
    _id: `id-${i}`,
    slug: `Slug${String(i).padStart(3, '0')}`,
    url: `http://localhost/w/Slug${String(i).padStart(3, '0')}`,
    sendAs: 'email',
    fileName: `invoice-${i}.pdf`,
    fileNumber: 2,
    totalBytes: 2048,
    size: '2 KB',
    message: null,
    emailTo: [{ email: 'buyer@example.com' }],
    senderId: 'u1',
    senderEmail: 'li@example.com',
    dateSent: Date.UTC(2026, 10, 20),
    expiryDate: Date.UTC(2026, 10, 27),
    total_downloads: 0,
    downloads: [],
    hasPassword: false,
    restricted: false,
    state: 'active',
    unseen: true,
    expiring: false,
    shared: false,
    region: 'oss-cn-hongkong',
    ...over,
  };
}

export function list(items: TTransferSummary[], counts: Partial<TTransferList['counts']> = {}): TTransferList {
  return { items, counts: { all: items.length, active: items.length, expired: 0, thisMonthsTransfers: items.length, shared: 0, ...counts } };
}

/** An open transfer with three files (one in a folder), one recipient and one download from Dubai. */
export function detail(over: Partial<TTransferDetail> = {}): TTransferDetail {
  return {
    ...summary(1, { total_downloads: 1, fileNumber: 3 }),
    files: [
      { id: '00000000-0000-4000-8000-000000000001', name: 'invoice-1.pdf', path: null, size: 1024, kind: 'file', contentType: 'application/pdf' },
      { id: '00000000-0000-4000-8000-000000000002', name: 'packing-list.xlsx', path: null, size: 512, kind: 'file', contentType: null },
      { id: '00000000-0000-4000-8000-000000000003', name: 'spec.docx', path: 'Designs', size: 512, kind: 'file', contentType: null },
    ],
    downloadLog: [
      { id: 'd1', fileId: null, fileName: 'invoice-1.pdf', all: true, receiverEmail: 'buyer@example.com', country_name: 'United Arab Emirates', countryCode: 'AE', city: 'Dubai', dlDate: '2026-11-21T08:30:00.000Z' },
    ],
    shareWith: [],
    ...over,
  };
}
