/** What the account lifecycle (email change, deletion, purge) needs from identity's storage. */
export interface AccountLifecycleStore {
  scheduleAccountDeletion(userId: string, change: { requestedAt: Date; dueAt: Date }): Promise<void>;
  /** Clears a pending deletion; true when there was one. */
  cancelAccountDeletion(userId: string, now: Date): Promise<boolean>;
  findAccountDeletionDue(userId: string): Promise<Date | null>;
  /** Users whose grace period has ended at `now`, oldest first. */
  findDueAccountDeletions(now: Date, limit: number): Promise<string[]>;
  saveEmailChangeRequest(userId: string, newEmail: string, now: Date): Promise<void>;
  findEmailChangeRequest(userId: string): Promise<{ newEmail: string; requestedAt: Date } | undefined>;
  /** Throws the EMAIL_TAKEN AppError when the address has an account already. */
  changeUserEmail(userId: string, newEmail: string, now: Date): Promise<void>;
  /** Sessions (refresh families) of the user still open at `now`. */
  listOpenSessionIds(userId: string, now: Date): Promise<string[]>;
  /** The team's members become accounts of their own (Free, no admin); answers their ids. */
  detachTeamMembers(adminId: string, now: Date): Promise<string[]>;
  /** Every identity row of the user (by id or email), the user row last. */
  deleteAccountRows(user: { id: string; email: string }): Promise<void>;
}
