import { useTranslation } from 'react-i18next';

/** Dates in the interface language: "Dec 8, 2026, 3:04 PM" / "2026年12月8日 15:04". */
export function useDateTimeFormat(): (epochMs: number) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language?.startsWith('zh') ? 'zh-CN' : 'en';
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (epochMs) => format.format(new Date(epochMs));
}
