import type { TAnalytics, TLatestDownload, TStorageSummary, TTransferSummary, TUsage } from '@ferry/contracts';

const GB = 1024 ** 3;

/** Storage at `percent` of a 10 GB plan, in the state the server gives that share. */
export function storageAt(percent: number): TStorageSummary {
  return {
    usedBytes: Math.round((percent / 100) * 10 * GB),
    limitBytes: 10 * GB,
    used: `${percent / 10} GB`,
    limit: '10 GB',
    state: percent >= 100 ? 'full' : percent >= 90 ? 'almostFull' : 'ok',
  };
}

export function usageFixture(overrides: Partial<TUsage> = {}): TUsage {
  return { role: 'free', region: 'oss-cn-hongkong', transfersThisMonth: 4, monthlyCap: 10, storage: storageAt(12), blocked: null, ...overrides };
}

export function downloadFixture(overrides: Partial<TLatestDownload> = {}): TLatestDownload {
  return {
    id: 'd1', slug: 'AbC1234', fileId: 'f1', fileName: 'invoice.pdf', all: false, receiverEmail: 'buyer@example.com',
    country_name: 'United Arab Emirates', countryCode: 'AE', city: 'Dubai', dlDate: '2026-11-20T08:30:00.000Z', ...overrides,
  };
}

export function transferFixture(overrides: Partial<TTransferSummary> = {}): TTransferSummary {
  return {
    _id: 't1', slug: 'Exp1234', url: 'http://localhost/w/Exp1234', sendAs: 'link', fileName: 'catalogue.pdf', fileNumber: 1, totalBytes: 1000, size: '1 KB',
    message: null, emailTo: [], senderId: 'u1', senderEmail: 'li@example.com', dateSent: Date.UTC(2026, 10, 18), expiryDate: Date.UTC(2026, 10, 26),
    total_downloads: 0, downloads: [], hasPassword: false, restricted: false, state: 'active', unseen: true, expiring: true, shared: false,
    region: 'oss-cn-hongkong', ...overrides,
  };
}

export function analyticsFixture(days: number, overrides: Partial<TAnalytics> = {}): TAnalytics {
  const to = Date.UTC(2026, 10, 25);
  const perDay = Array.from({ length: days }, (_, i) => ({ date: new Date(to - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10), count: i === days - 1 ? 3 : 0 }));
  return {
    days, from: perDay[0]!.date, to: perDay.at(-1)!.date, totalDownloads: 3, downloadsPerDay: perDay,
    downloadsByCountry: [{ code: 'AE', name: 'United Arab Emirates', count: 2 }, { code: 'unknown', name: 'Unknown', count: 1 }],
    topTransfers: [{ slug: 'AbC1234', fileName: 'invoice.pdf', downloads: 3 }],
    unseen: 2, expiring: 1, storage: storageAt(12), ...overrides,
  };
}
