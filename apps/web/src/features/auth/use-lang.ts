import { useTranslation } from 'react-i18next';
import type { TLang } from '@ferry/contracts';

/** The interface language, sent with code, reset and signup requests so mails match it. */
export function useLang(): TLang {
  const { i18n } = useTranslation();
  return i18n.language?.startsWith('zh') ? 'zh' : 'en';
}
