import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadSessionRefresh } from './app/api';
import { App } from './app/App';
import { hasSessionMarker } from './app/session.slice';
import { createStore } from './app/store';
import { createLoadingI18n, initialLang } from './i18n/i18n';
import { preloadSignedInHeader } from './layout/Header';
import './styles/base.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const lang = initialLang();
// A stored session is refreshed as the app starts: the code that does it and shows it is fetched now.
if (hasSessionMarker()) {
  preloadSessionRefresh();
  preloadSignedInHeader();
}
void createLoadingI18n(lang, window.location.pathname).then((i18n) => {
  const app = (
    <StrictMode>
      <App store={createStore()} i18n={i18n} />
    </StrictMode>
  );
  // Prerendered HTML in the language shown is hydrated; in another language (a choice the server
  // did not know of) it is rendered anew.
  // Hydration runs as a transition, so React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (Lighthouse counted it as one long task on a phone).
  if (root.firstElementChild && document.documentElement.dataset['prerendered'] === lang) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
