import type { EventDef, TLang, TRegion, TTransferCounts, TTransferListQuery } from '@ferry/contracts';

/** What the domain needs from storage; `store/` implements it with knex. */

export type TFileKind = 'file' | 'voiceMemo' | 'recordedVideo';

export interface TransferRecord {
  id: string;
  slug: string;
  /** Whose dashboard and storage it belongs to: the sender, or the team admin for a member; null for anonymous senders. */
  ownerId: string | null;
  senderId: string | null;
  senderEmail: string | null;
  senderName: string | null;
  lang: TLang;
  sendAs: 'link' | 'email';
  message: string | null;
  region: TRegion;
  /** 'uploading' until every file is verified, then 'live'; 'deleted' for good. */
  status: 'uploading' | 'live' | 'deleted';
  restricted: boolean;
  passwordHash: string | null;
  expirySeconds: number;
  expiryDate: Date;
  createdAt: Date;
  dateSent: Date | null;
  updatedAt: Date;
  totalSize: number;
  fileCount: number;
  firstFileName: string;
  downloadCount: number;
  shareWith: string[];
  forwardedFrom: string | null;
  extensionTokenHash: string | null;
  extensionOfferedAt: Date | null;
  extendedAt: Date | null;
  purgedAt: Date | null;
}

export type NewTransfer = Pick<
  TransferRecord,
  | 'id'
  | 'slug'
  | 'ownerId'
  | 'senderId'
  | 'senderEmail'
  | 'senderName'
  | 'lang'
  | 'sendAs'
  | 'message'
  | 'region'
  | 'passwordHash'
  | 'expirySeconds'
  | 'expiryDate'
  | 'shareWith'
  | 'forwardedFrom'
> & { now: Date };

/** The columns a use case changes on a transfer; what is left out stays as it is. */
export interface TransferPatch {
  status?: 'live' | 'deleted';
  restricted?: boolean;
  shareWith?: string[];
  dateSent?: Date;
  expiryDate?: Date;
  updatedAt?: Date;
  extensionTokenHash?: string | null;
  extensionOfferedAt?: Date | null;
  extendedAt?: Date;
  purgedAt?: Date;
}

export interface TransferFileRecord {
  /** The storage object's file id. */
  id: string;
  transferId: string;
  position: number;
  name: string;
  path: string | null;
  size: number;
  kind: TFileKind;
  contentType: string | null;
  /** 'uploading' until storage confirms the object with its size. */
  status: 'uploading' | 'complete';
  createdAt: Date;
}

export interface RecipientRecord {
  id: string;
  transferId: string;
  email: string;
  name: string | null;
  company: string | null;
  /** The per-recipient part of the mailed link, so downloads through it are attributed. */
  token: string;
}

export interface DownloadRecord {
  id: string;
  transferId: string;
  fileId: string | null;
  fileName: string;
  allFiles: boolean;
  recipientId: string | null;
  receiverEmail: string | null;
  ip: string | null;
  countryCode: string;
  country: string;
  city: string;
  downloadedAt: Date;
}

export interface NewContact {
  email: string;
  name?: string | null;
  company?: string | null;
}

/** A dashboard list: whose, which tab, what to search, in what order, which page. */
export interface TransferListQuery extends Pick<TTransferListQuery, 'filter' | 'sort' | 'search' | 'skip' | 'limit'> {
  viewerId: string;
  now: Date;
  /** Active transfers ending before this are 'expiring'. */
  expiringBefore: Date;
}

export interface TransferStore {
  findTransferBySlug(slug: string, options?: { forUpdate?: boolean }): Promise<TransferRecord | undefined>;
  findTransferById(id: string, options?: { forUpdate?: boolean }): Promise<TransferRecord | undefined>;
  isTransferSlugTaken(slug: string): Promise<boolean>;
  /** A new transfer, 'uploading'. */
  insertTransfer(transfer: NewTransfer): Promise<TransferRecord>;
  insertRecipients(recipients: RecipientRecord[]): Promise<void>;
  updateTransfer(id: string, patch: TransferPatch): Promise<void>;
  insertFiles(files: TransferFileRecord[]): Promise<void>;
  markFilesComplete(fileIds: string[]): Promise<void>;
  /** Re-derives a transfer's totals (size, count, first name) from its complete files, and its search document. */
  refreshTotals(transferId: string, now: Date): Promise<void>;
  /** Files of the transfers, by transfer then position. */
  filesOf(transferIds: string[], options?: { completeOnly?: boolean }): Promise<TransferFileRecord[]>;
  /** Recipients of the transfers, by email. */
  recipientsOf(transferIds: string[]): Promise<RecipientRecord[]>;
  findRecipient(transferId: string, token: string): Promise<RecipientRecord | undefined>;
  /** The newest downloads of each transfer, at most `limitPerTransfer` each, newest first. */
  downloadsOf(transferIds: string[], limitPerTransfer: number): Promise<DownloadRecord[]>;
  /** Records a download and counts it on the transfer. */
  recordDownload(download: DownloadRecord): Promise<void>;
  /** Adds the recipients to the owner's contacts; a name or company given fills in, an empty one never erases. */
  upsertContacts(ownerId: string, contacts: NewContact[], now: Date): Promise<void>;
  countTransfersSentSince(senderId: string, since: Date): Promise<number>;
  /** A live, unpurged transfer whose open extension offer has this token hash, locked. */
  lockTransferByExtensionToken(tokenHash: string): Promise<TransferRecord | undefined>;
  /** Live transfers that expired before `now`, not yet offered an extension nor purged. */
  listExpiredUnoffered(now: Date, limit: number): Promise<TransferRecord[]>;
  /** The transfer, locked, if it has not been offered an extension yet. */
  lockUnofferedTransfer(id: string): Promise<TransferRecord | undefined>;
  /** Unpurged transfers that are deleted, or live and expired before `expiredBefore`. */
  listPurgeDue(expiredBefore: Date, limit: number): Promise<TransferRecord[]>;
}

export interface TransferListStore {
  /** One page of a dashboard tab. */
  listTransfers(query: TransferListQuery): Promise<TransferRecord[]>;
  /** The counts of the dashboard's tabs. */
  countTransfers(userId: string, now: Date, monthStart: Date): Promise<TTransferCounts>;
}

export interface ContactRecord {
  email: string;
  name: string | null;
  company: string | null;
  /** When a transfer was last sent to them (the row's last update). */
  lastSentAt: Date;
}

export interface DownloadStats {
  perDay: { date: string; count: number }[];
  byCountry: { code: string; name: string; count: number }[];
  top: { slug: string; fileName: string; downloads: number }[];
}

export interface DashboardStore {
  /** An owner's contacts, optionally those whose email, name or company contains `search`; by name (unnamed last), then email. */
  searchContacts(ownerId: string, query: { search?: string; skip: number; limit: number }): Promise<{ rows: ContactRecord[]; total: number }>;
  /** Downloads since `from` of the sender's live transfers: per UTC day, per country, and the 5 most downloaded transfers. */
  downloadStatsOf(senderId: string, from: Date): Promise<DownloadStats>;
  /** How many of the sender's live transfers are unseen (active, never downloaded) and expiring (active, ending before `expiringBefore`). */
  transferStatesOf(senderId: string, now: Date, expiringBefore: Date): Promise<{ unseen: number; expiring: number }>;
  /** The newest `limit` downloads of the sender's live transfers, newest first, each with its transfer's slug. */
  latestDownloadsOf(senderId: string, limit: number): Promise<Array<DownloadRecord & { slug: string }>>;
}

export interface FileRequestRecord {
  id: string;
  /** The `/r/{slug}` link; also the upload path of its files in the owner's storage. */
  slug: string;
  requesterId: string;
  /** Whose storage the files go to: the requester, or the team admin for a member. */
  ownerId: string;
  requesterEmail: string;
  requesterName: string | null;
  lang: TLang;
  region: TRegion;
  title: string;
  message: string | null;
  /** Null: open until deleted. */
  expiryDate: Date | null;
  status: 'active' | 'deleted';
  fileCount: number;
  totalSize: number;
  lastUploadAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  purgedAt: Date | null;
}

export type NewFileRequest = Omit<FileRequestRecord, 'status' | 'fileCount' | 'totalSize' | 'lastUploadAt' | 'updatedAt' | 'purgedAt'>;

export interface RequestFileRecord {
  /** The storage object's file id. */
  id: string;
  requestId: string;
  /** One uploader's batch: its files are completed together. */
  uploadId: string;
  position: number;
  name: string;
  path: string | null;
  size: number;
  contentType: string | null;
  uploaderEmail: string | null;
  uploaderIp: string | null;
  status: 'uploading' | 'complete';
  createdAt: Date;
  uploadedAt: Date | null;
}

export interface FileRequestStore {
  /** An active request. */
  findRequestBySlug(slug: string): Promise<FileRequestRecord | undefined>;
  isRequestSlugTaken(slug: string): Promise<boolean>;
  insertRequest(request: NewFileRequest): Promise<void>;
  updateRequest(id: string, patch: { status?: 'deleted'; updatedAt?: Date; purgedAt?: Date }): Promise<void>;
  /** A requester's active requests, newest first, with how many there are. */
  listRequestsOf(requesterId: string, page: { skip: number; limit: number }): Promise<{ rows: FileRequestRecord[]; total: number }>;
  insertRequestFiles(files: RequestFileRecord[]): Promise<void>;
  /** The files that arrived, in the order they were uploaded. */
  arrivedFilesOf(requestId: string): Promise<RequestFileRecord[]>;
  batchFilesOf(requestId: string, uploadId: string): Promise<RequestFileRecord[]>;
  /** The batch's files still uploading, locked, by position. */
  lockPendingBatchFiles(requestId: string, uploadId: string): Promise<RequestFileRecord[]>;
  allRequestFileIds(requestId: string): Promise<string[]>;
  /** Marks a batch's files arrived and re-derives the request's totals from every arrived file. */
  markBatchArrived(requestId: string, fileIds: string[], now: Date): Promise<void>;
}

/** The "a day before expiry" reminders: one decision per transfer. */
export interface ExpiryReminderStore {
  /** Ids of live email transfers of a signed-in sender that expire within `remindAhead` ms, were live that long before, and have no decision yet. */
  listReminderDue(now: Date, remindAhead: number, limit: number): Promise<string[]>;
  /** Records the transfer's decision; false when one was recorded already (another replica decided). */
  claimReminder(transferId: string, decision: { isSent: boolean; recipientCount: number; now: Date }): Promise<boolean>;
  /** The transfer's recipients with no download through their own link, by email. */
  recipientsNotDownloaded(transferId: string): Promise<RecipientRecord[]>;
}

export interface TransfersStore extends TransferStore, TransferListStore, DashboardStore, FileRequestStore, ExpiryReminderStore {
  /** Runs `work` in one transaction; the store it gets writes inside that transaction. */
  transaction<T>(work: (tx: TransfersTx) => Promise<T>): Promise<T>;
}

export interface TransfersTx extends TransferStore, FileRequestStore, ExpiryReminderStore {
  /** Writes an event to the outbox; it is published only if the transaction commits. */
  emit<T extends { eventId: string }>(event: EventDef<T>, input: Omit<T, 'eventId'>): Promise<T>;
}

export interface PasswordAttemptRecord {
  id: string;
  transferId: string;
  /** The client address; '' when the gateway did not know it. */
  ip: string;
  attemptedAt: Date;
}

/** The tries of one transfer while its password lock is held. */
export interface LockedPasswordAttempts {
  /** The transfer's tries since `since`, oldest first. */
  attemptsSince(since: Date): Promise<PasswordAttemptRecord[]>;
  insertAttempt(attempt: PasswordAttemptRecord): Promise<void>;
}

/** Outside the transfers transaction on purpose: a try is counted and committed before the (slow) hash is checked. */
export interface PasswordAttemptStore {
  /** Runs `work` holding the transfer's password lock, so its tries are counted one at a time across replicas. */
  withPasswordLock<T>(transferId: string, work: (attempts: LockedPasswordAttempts) => Promise<T>): Promise<T>;
  /** A try that turned out right is not a failure. */
  deleteAttempt(id: string): Promise<void>;
  /** Tries older than every window; the sweep drops them. */
  deleteAttemptsBefore(cutoff: Date): Promise<number>;
}
