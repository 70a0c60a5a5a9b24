/** How long a new request stays open, in days; 0 keeps it open until it is deleted. */
export const REQUEST_EXPIRY_DAYS = [0, 1, 7, 14, 30, 90] as const;
export type TRequestExpiryDays = (typeof REQUEST_EXPIRY_DAYS)[number];
export const DEFAULT_REQUEST_EXPIRY_DAYS: TRequestExpiryDays = 14;

const DAY_MS = 86_400_000;

/** The `expiryDate` (epoch ms) of `POST /requests` for a choice: null when open until deleted (left out, the server would apply the default). */
export function requestExpiryDate(days: TRequestExpiryDays, now: number): number | null {
  return days === 0 ? null : now + days * DAY_MS;
}

/** Parses the select's value back to a choice (anything unknown is the default). */
export function toExpiryDays(value: string): TRequestExpiryDays {
  return REQUEST_EXPIRY_DAYS.find((days) => String(days) === value) ?? DEFAULT_REQUEST_EXPIRY_DAYS;
}
