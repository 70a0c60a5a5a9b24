import { useTranslation } from 'react-i18next';

/**
 * A country's name in the interface language from its ISO 3166-1 alpha-2 code ("AE" ->
 * "United Arab Emirates" / "阿拉伯联合酋长国"); the server's English name when the code is not
 * one (geo answers 'unknown' for an address it cannot place), or `unknown` when it has none.
 */
export function countryNameIn(lang: string, code: string, serverName: string, unknown: string): string {
  if (/^[A-Za-z]{2}$/.test(code)) {
    try {
      const name = new Intl.DisplayNames([lang.startsWith('zh') ? 'zh-CN' : 'en'], { type: 'region' }).of(code.toUpperCase());
      if (name && name.toUpperCase() !== code.toUpperCase()) return name;
    } catch {
      // a code Intl does not know: the server's name below
    }
  }
  return serverName && serverName.toLowerCase() !== 'unknown' ? serverName : unknown;
}

/** `countryNameIn` for the current language; `unknown` is the caller's "Unknown" in that language. */
export function useCountryName(unknown: string): (code: string, serverName: string) => string {
  const { i18n } = useTranslation();
  return (code, serverName) => countryNameIn(i18n.language ?? 'en', code, serverName, unknown);
}
