import { describe, expect, it } from 'vitest';
import { alertFromDownload, alertFromRequestUpload, requestFileLabel } from './alerts';

const now = new Date('2026-11-24T12:00:00.000Z');
const download = {
  eventId: '7d0c3a5e-4a8b-4d59-9d3e-3f0a9b1c2d4e',
  downloadId: 'd', transferId: 't', slug: 'Ab3dE5f', ownerId: 'admin-1', senderId: 'member-1', senderEmail: 'member@acme.example',
  senderLang: 'en' as const, fileName: 'a.pdf', all: true, receiverEmail: null, ip: null, downloadedAt: '2026-11-24T08:00:00.000Z',
};

describe('alerts', () => {
  it("when a team member's transfer is downloaded, then the admin's feed lists it and the member is mailed", () => {
    expect(alertFromDownload(download, now)).toMatchObject({ userId: 'admin-1', email: 'member@acme.example', dlOrigin: 'download', at: new Date(download.downloadedAt) });
  });

  it('when the event time is not a date, then the time it is handled stands in', () => {
    expect(alertFromDownload({ ...download, downloadedAt: 'yesterday' }, now).at).toEqual(now);
  });

  it('when files come through a request, then the first names the notification with how many more came', () => {
    expect(requestFileLabel(['only.pdf'])).toBe('only.pdf');
    expect(requestFileLabel(['a.pdf', 'b.pdf', 'c.pdf'])).toBe('a.pdf (+2)');
    const alert = alertFromRequestUpload(
      { eventId: download.eventId, requestId: 'r', slug: 'Rq7xY2z', title: 'T', ownerId: 'u', ownerEmail: 'u@x.example', ownerLang: 'zh', fileNames: ['x.zip'], uploaderEmail: null, ip: '1.2.3.4', uploadedAt: '2026-11-24T09:00:00.000Z' },
      now,
    );
    expect(alert).toMatchObject({ userId: 'u', email: 'u@x.example', lang: 'zh', fileName: 'x.zip', receiverEmail: null, dlOrigin: 'request' });
  });
});
