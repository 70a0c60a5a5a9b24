import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createI18n } from '../i18n/i18n';
import type { Lang } from '../i18n/resources';
import { createStore, type AppStore } from '../app/store';

export interface RenderOptions {
  /** The URL the component is rendered at (default `/`). */
  route?: string;
  /** The route pattern, so `useParams` works (default `*`). */
  path?: string;
  lang?: Lang;
  store?: AppStore;
}

/** Renders a component the way the app does: store, i18n (English unless told), a router at `route`. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}): RenderResult & { store: AppStore } {
  const store = options.store ?? createStore();
  const i18n = createI18n(options.lang ?? 'en');
  const router = createMemoryRouter([{ path: options.path ?? '*', element: ui }], { initialEntries: [options.route ?? '/'] });
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}
