import type { TGeoLocation, TLang, TNotification, TNotificationList } from '@ferry/contracts';

export type TDlOrigin = TNotification['dlOrigin'];

/** Something happened that the owner of a transfer or request is told about: in the feed and by mail. */
export interface Alert {
  /** The event it came from; one notification per event. */
  sourceEventId: string;
  /** Whose feed lists it; null for an anonymous sender, who is told by mail only. */
  userId: string | null;
  /** Where the mail goes; null when nobody can be mailed. */
  email: string | null;
  /** Whose mail switch (settings tab) decides whether the mail goes: the sender, or the requester; null for an anonymous sender (always mailed). */
  mailOwnerId: string | null;
  lang: TLang;
  slug: string;
  at: Date;
  /** The client address the place is resolved from; null when unknown. */
  ip: string | null;
  /** Who downloaded (the link's recipient) or who uploaded to the request, when known. */
  receiverEmail: string | null;
  fileName: string;
  dlOrigin: TDlOrigin;
}

export interface NewNotification {
  sourceEventId: string;
  userId: string | null;
  slug: string;
  dlDate: Date;
  place: TGeoLocation;
  receiverEmail: string | null;
  fileName: string;
  dlOrigin: TDlOrigin;
}

/** Writes of one event's transaction. */
export interface NotificationWriter {
  /** Stores the notification; null when one for its source event exists already. */
  insert(notification: NewNotification): Promise<TNotification | null>;
  /** Writes `evt.notification.created` to the outbox of the same transaction. */
  emitCreated(created: { userId: string | null; email: string | null; lang: TLang; notification: TNotification }): Promise<void>;
}

/** One user's feed; rows without a user are never reached from here. */
export interface NotificationFeed {
  list(userId: string, page: { skip: number; limit: number }): Promise<TNotificationList>;
  /** False when the user has no notification with this id. */
  deleteOne(userId: string, id: string): Promise<boolean>;
  clearAll(userId: string): Promise<void>;
  markAllRead(userId: string): Promise<void>;
}

/** Geo's answer for an address; throws when geo cannot answer now. */
export type GeoLookup = (ip: string) => Promise<TGeoLocation>;

/** Whether the user whose alert it is wants its mail now (their settings' switch for this kind of alert). */
export type MailSwitch = (userId: string, origin: TDlOrigin) => Promise<boolean>;
