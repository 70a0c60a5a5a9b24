import type { TRequestUploaded, TTransferDownloaded } from '@ferry/contracts';
import type { Alert } from './notifications.ports';

/** The event's time, or the time it is handled when the event's text is not a date. */
function eventTime(value: string, now: Date): Date {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? now : at;
}

/** The file a request upload is named by: its only file, or the first with how many more came. */
export function requestFileLabel(fileNames: readonly string[]): string {
  const [first = '', ...others] = fileNames;
  return others.length === 0 ? first : `${first} (+${others.length})`;
}

/** A download tells the transfer's owner (the team admin for a member's transfer) and mails the sender. */
export function alertFromDownload(event: TTransferDownloaded, now: Date): Alert {
  return {
    sourceEventId: event.eventId,
    userId: event.ownerId,
    email: event.senderEmail,
    mailOwnerId: event.senderId,
    lang: event.senderLang,
    slug: event.slug,
    at: eventTime(event.downloadedAt, now),
    ip: event.ip,
    receiverEmail: event.receiverEmail,
    fileName: event.fileName,
    dlOrigin: 'download',
  };
}

/** Files that arrived through a file request tell the requester. */
export function alertFromRequestUpload(event: TRequestUploaded, now: Date): Alert {
  return {
    sourceEventId: event.eventId,
    userId: event.ownerId,
    email: event.ownerEmail,
    mailOwnerId: event.ownerId,
    lang: event.ownerLang,
    slug: event.slug,
    at: eventTime(event.uploadedAt, now),
    ip: event.ip,
    receiverEmail: event.uploaderEmail,
    fileName: requestFileLabel(event.fileNames),
    dlOrigin: 'request',
  };
}
