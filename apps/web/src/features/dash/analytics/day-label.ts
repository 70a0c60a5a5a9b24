/** A `YYYY-MM-DD` UTC day as the interface language writes it short ("Nov 25" / "11月25日"). */
export function dayLabelFormat(lang: string): (day: string) => string {
  const format = new Intl.DateTimeFormat(lang.startsWith('zh') ? 'zh-CN' : 'en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}

/** The busiest day of a window (the earliest of equals), or null when nothing was downloaded. */
export function busiestDay<T extends { date: string; count: number }>(days: readonly T[]): T | null {
  return days.reduce<T | null>((best, day) => (day.count > 0 && (!best || day.count > best.count) ? day : best), null);
}
