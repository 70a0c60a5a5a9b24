import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from '../app/router';
import { createStore } from '../app/store';
import { createI18n } from '../i18n/i18n';
import type { Lang } from '../i18n/resources';

const handler = createStaticHandler(routes);

/**
 * A page's HTML as the app first renders it for a visitor without a session (build time, Node):
 * every lazy page and namespace resolved, so the markup is the one the browser hydrates.
 */
export async function renderPage(path: string, lang: Lang): Promise<string> {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status}), not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = () => (
    <StrictMode>
      <Provider store={createStore()}>
        <I18nextProvider i18n={createI18n(lang)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
  // The first pass waits for every lazy page and part to load; the second renders them all at once,
  // as plain markup (a streamed prerender would reveal late parts with inline scripts, which the CSP refuses).
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(app(), { onError: (error) => void errors.push(error) });
  for await (const chunk of prelude) void chunk;
  const html = renderToString(app());
  // A part that failed or was still loading would be left to the browser: the page would not paint at once.
  if (errors.length > 0 || html.includes('<template') || html.includes('<!--$?-->')) {
    throw new Error(`prerendering ${path} (${lang}) left parts unrendered: ${errors.map(String).join('; ')}`);
  }
  return html;
}
