import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy';

/**
 * Renders nothing; once the page beside it has its code and is live (rendered, or hydrated over the
 * prerendered HTML), marks the document `data-page-ready`. Until then a prerendered page only looks
 * ready: its buttons do nothing. Browser tests wait for the mark before they press anything there.
 */
export function PageReady() {
  useEffect(() => {
    document.documentElement.dataset['pageReady'] = '';
  }, []);
  return null;
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      {t('loading')}
    </div>
  );
}

/** A route that throws (a chunk that never loaded, a bug) shows a way out instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <main className="page page--narrow">
      <h1>{error instanceof ChunkLoadError ? t('chunkFailed') : t('notFound.message')}</h1>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('reload')}
      </button>
    </main>
  );
}
