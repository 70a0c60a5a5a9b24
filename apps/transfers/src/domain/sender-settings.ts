import { DEFAULT_USER_SETTINGS, USER_SETTINGS_RPC, type TUserSettings } from '@ferry/contracts';
import { DEFAULT_EXPIRY_SECONDS, isExpiryChoiceAllowed } from '@ferry/plans';
import type { TransfersDeps } from './transfers.deps';

const DAY_MS = 86_400_000;

/** A user's transfer and request settings (identity's); an anonymous sender has the defaults. */
export async function settingsOf(deps: Pick<TransfersDeps, 'bus'>, userId: string | null): Promise<TUserSettings> {
  return userId ? deps.bus.request(USER_SETTINGS_RPC.getSettings, { userId }) : DEFAULT_USER_SETTINGS;
}

/**
 * The expiry a draft that names none gets: the sender's default, when their plan allows it now
 * (a default saved on a paid plan falls back to 1 Week once the plan is Free).
 */
export async function defaultTransferExpiry(deps: Pick<TransfersDeps, 'bus'>, sender: { id: string; role: string } | null): Promise<number> {
  if (!sender) return DEFAULT_EXPIRY_SECONDS;
  const { expirySeconds } = (await settingsOf(deps, sender.id)).transferSettings;
  return isExpiryChoiceAllowed(sender.role, expirySeconds) ? expirySeconds : DEFAULT_EXPIRY_SECONDS;
}

/** When a new request that names no expiry closes: the requester's default days from `now`, or never (null). */
export async function defaultRequestExpiry(deps: Pick<TransfersDeps, 'bus'>, requesterId: string, now: Date): Promise<Date | null> {
  const { expiryDays } = (await settingsOf(deps, requesterId)).requestSettings;
  return expiryDays === null ? null : new Date(now.getTime() + expiryDays * DAY_MS);
}
