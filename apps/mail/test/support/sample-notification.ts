import { randomUUID } from 'node:crypto';
import type { TNotification } from '@ferry/contracts';

/** When the sample download happened; a digest's window counts from it, so digest tests start their clock here. */
export const SAMPLE_DOWNLOAD_AT = new Date('2026-11-24T08:05:00.000Z');

/** A download of report.pdf in Dubai by Bo, as the notifications service stores it. */
export function sampleNotification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    _id: randomUUID(),
    slug: 'Ab3dE5f',
    read: false,
    dlDate: SAMPLE_DOWNLOAD_AT.toISOString(),
    dlCountryCode: 'AE',
    dlCountry: 'United Arab Emirates',
    dlCity: 'Dubai',
    receiverEmail: 'bo@client.example',
    fileName: 'report.pdf',
    dlOrigin: 'download',
    ...overrides,
  };
}
