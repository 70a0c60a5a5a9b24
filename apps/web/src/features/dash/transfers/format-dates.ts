import { useTranslation } from 'react-i18next';

interface DashDates {
  date: (at: number | string) => string;
  dateTime: (at: number | string) => string;
  /** With the zone's name, for the download log ("Nov 25, 2026, 9:04 PM GMT+1"). */
  zoned: (at: number | string) => string;
}

/** Building an Intl formatter costs about a millisecond: one set per language, shared by every row. */
const FORMATTERS = new Map<string, DashDates>();

function datesFor(locale: string): DashDates {
  let dates = FORMATTERS.get(locale);
  if (!dates) {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const zoned = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    dates = {
      date: (at) => date.format(new Date(at)),
      dateTime: (at) => dateTime.format(new Date(at)),
      zoned: (at) => zoned.format(new Date(at)),
    };
    FORMATTERS.set(locale, dates);
  }
  return dates;
}

/** Dates of the lists in the interface language and the viewer's time zone ("Dec 8, 2026" / "2026年12月8日"). */
export function useDashDates(): DashDates {
  const { i18n } = useTranslation();
  return datesFor(i18n.language?.startsWith('zh') ? 'zh-CN' : 'en');
}
