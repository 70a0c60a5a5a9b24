import { UNSUBSCRIBED_ROLES } from './plan-table';
import { roleForPlan } from './plan-limits';
import type { TExpiryChoice, TExpiryName } from './plans.types';

/** The expiry durations a sender can pick, in seconds (a month is a twelfth of 365.2425 days). */
export const EXPIRY_SECONDS = {
  week: 604_800,
  month: 2_629_746,
  threeMonths: 7_889_238,
  year: 31_536_000,
} as const satisfies Record<Exclude<TExpiryName, 'custom'>, number>;

export const DEFAULT_EXPIRY_SECONDS: number = EXPIRY_SECONDS.week;
/** Not a duration: the choice that means "a date from the picker". */
export const CUSTOM_EXPIRY_MARKER = 604_801;

export const CUSTOM_EXPIRY_MIN_MS = 30 * 60 * 1000;
/** One year, the same 365 days as the "1 Year" choice. */
export const CUSTOM_EXPIRY_MAX_MS = EXPIRY_SECONDS.year * 1000;

const CHOICES: ReadonlyArray<Omit<TExpiryChoice, 'isEnabled'>> = [
  { seconds: EXPIRY_SECONDS.week, name: 'week', label: '1 Week', isCustomDate: false },
  { seconds: EXPIRY_SECONDS.month, name: 'month', label: '1 Month', isCustomDate: false },
  { seconds: EXPIRY_SECONDS.threeMonths, name: 'threeMonths', label: '3 Months', isCustomDate: false },
  { seconds: EXPIRY_SECONDS.year, name: 'year', label: '1 Year', isCustomDate: false },
  { seconds: CUSTOM_EXPIRY_MARKER, name: 'custom', label: 'Custom Date', isCustomDate: true },
];

/** The choice `seconds` stands for ('custom' for the marker), or undefined when it is none of them. */
export function expiryNameOf(seconds: number): TExpiryName | undefined {
  return CHOICES.find((choice) => choice.seconds === seconds)?.name;
}

/** The expiry select's options; without a subscription only 1 Week is enabled. */
export function expiryChoicesFor(roleOrPlanCode: string | null | undefined): TExpiryChoice[] {
  const isLimited = UNSUBSCRIBED_ROLES.includes(roleForPlan(roleOrPlanCode));
  return CHOICES.map((choice) => ({ ...choice, isEnabled: !isLimited || choice.seconds === DEFAULT_EXPIRY_SECONDS }));
}

/** Whether the role may pick `seconds` (one of the choices, the custom marker included). */
export function isExpiryChoiceAllowed(roleOrPlanCode: string | null | undefined, seconds: number): boolean {
  return expiryChoicesFor(roleOrPlanCode).some((choice) => choice.seconds === seconds && choice.isEnabled);
}

/** A custom expiry must be at least 30 minutes and at most one year from now. */
export function isCustomExpiryValid(date: Date | number, now: Date | number = Date.now()): boolean {
  const at = typeof date === 'number' ? date : date.getTime();
  const from = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(at) || !Number.isFinite(from)) return false;
  const ahead = at - from;
  return ahead >= CUSTOM_EXPIRY_MIN_MS && ahead <= CUSTOM_EXPIRY_MAX_MS;
}
