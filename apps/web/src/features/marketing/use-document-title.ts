import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "{title} · Ferry" (or just "Ferry …" for the home page) while the page is shown. */
export function useDocumentTitle(title: string, { isFull = false }: { isFull?: boolean } = {}): void {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    const previous = document.title;
    document.title = isFull ? title : `${title} · ${appName}`;
    return () => {
      document.title = previous;
    };
  }, [title, appName, isFull]);
}
