import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { refreshSession } from './api';
import { hasSessionMarker, signedOut } from './session.slice';
import { createRouter } from './router';
import type { AppStore } from './store';

/** Restores a stored session once on load (refresh cookie -> access token in memory). */
function useSessionRestore(store: AppStore): void {
  useEffect(() => {
    if (store.getState().session.status !== 'unknown') return;
    if (hasSessionMarker()) void refreshSession(store);
    else store.dispatch(signedOut());
  }, [store]);
}

export function App({ store, i18n }: { store: AppStore; i18n: I18n }) {
  const [router] = useState(createRouter);
  useSessionRestore(store);
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>
  );
}
