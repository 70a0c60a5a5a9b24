import { useTranslation } from 'react-i18next';

export interface CopyItem {
  title: string;
  text: string;
}

function isCopyItem(value: unknown): value is CopyItem {
  if (typeof value !== 'object' || value === null) return false;
  const { title, text } = value as Record<string, unknown>;
  return typeof title === 'string' && typeof text === 'string';
}

/**
 * Lists from the marketing namespace: `list` reads a JSON array of paragraphs, `items` an array of
 * `{title, text}`; `values` fill {{placeholders}}. Both give [] for a missing key (a test checks every page's lists exist in both languages).
 */
export function useCopy() {
  const { t } = useTranslation('marketing');
  const read = (key: string, values?: Record<string, string | number>): unknown[] => {
    const value: unknown = t(key, { ...values, returnObjects: true });
    return Array.isArray(value) ? value : [];
  };
  return {
    list: (key: string, values?: Record<string, string | number>): string[] =>
      read(key, values).filter((item): item is string => typeof item === 'string'),
    items: (key: string, values?: Record<string, string | number>): CopyItem[] => read(key, values).filter(isCopyItem),
  };
}
