import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteLink } from '../layout/site-link';

/** Any unknown path: the spec's sentence, and `noindex` so search engines drop it (the server also answers 404). */
export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
  return (
    <main className="page page--narrow not-found">
      <h1>{t('notFound.title')}</h1>
      <p className="lead">{t('notFound.message')}</p>
      <SiteLink className="button" to="/">
        {t('notFound.home')}
      </SiteLink>
    </main>
  );
}
