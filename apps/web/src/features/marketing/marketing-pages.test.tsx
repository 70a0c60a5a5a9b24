import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FEATURE_PAGES, MARKETING_PAGES } from '@ferry/contracts';
import { createStore } from '../../app/store';
import { createI18n } from '../../i18n/i18n';
import type { Lang } from '../../i18n/resources';
import { Footer } from '../../layout/Footer';
import AboutPage from './AboutPage';
import AffiliatePage from './AffiliatePage';
import FeaturePage from './FeaturePage';
import HomePage from './HomePage';
import LifetimeDealPage from './LifetimeDealPage';
import MarketingPage from './MarketingPage';
import PricingPage from './PricingPage';
import RoadmapPage from './RoadmapPage';
import SupportPage from './SupportPage';
import { SUPPORT_ARTICLES } from './support-articles';
import ThankYouPage from './ThankYouPage';
import UpdatesPage from './UpdatesPage';
import { useCopy } from './use-copy';

/** Renders like the app, recording every translation key the page asks for that does not exist. */
function renderPage(ui: ReactElement, { route = '/', path = '*', lang = 'en' }: { route?: string; path?: string; lang?: Lang } = {}) {
  const missing: string[] = [];
  const i18n = createI18n(lang);
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, ns, key) => missing.push(`${ns}:${key}`);
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  render(
    <Provider store={createStore()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { missing };
}

const PAGES: Array<[string, () => ReactElement, { route?: string; path?: string }]> = [
  ['home', () => <HomePage />, {}],
  ['pricing', () => <PricingPage />, { route: '/pricing?plan=PRY&verifyComplete=1' }],
  ['welcome back', () => <PricingPage />, { route: '/welcomeback' }],
  ['about', () => <AboutPage />, {}],
  ['updates', () => <UpdatesPage />, {}],
  ['roadmap', () => <RoadmapPage />, {}],
  ['support list', () => <SupportPage />, { route: '/support?article=nope' }],
  ...SUPPORT_ARTICLES.map((article): [string, () => ReactElement, { route: string }] => [`support ${article}`, () => <SupportPage />, { route: `/support?article=${article}` }]),
  ...FEATURE_PAGES.map((feature): [string, () => ReactElement, { route: string; path: string }] => [`feature ${feature}`, () => <FeaturePage />, { route: `/product/${feature}`, path: '/product/:feature' }]),
  ...MARKETING_PAGES.map((page): [string, () => ReactElement, object] => [`landing ${page}`, () => <MarketingPage page={page} />, {}]),
  ['affiliate', () => <AffiliatePage />, {}],
  ['thank you', () => <ThankYouPage />, {}],
  ['thank you 2', () => <ThankYouPage variant="second" />, {}],
  ['lifetime deal', () => <LifetimeDealPage />, {}],
  ['footer', () => <Footer />, {}],
];

function MissingCopy() {
  const copy = useCopy();
  const { t } = useTranslation('marketing');
  return (
    <h1>
      {t('no.such.key')}
      {copy.list('no.such.list').length}
    </h1>
  );
}

describe('marketing pages', () => {
  it('the recorder catches missing text and missing lists (so the checks below can fail)', () => {
    const { missing } = renderPage(<MissingCopy />);
    expect(missing).toEqual(['marketing:no.such.key', 'marketing:no.such.list']);
  });

  describe.each(['en', 'zh'] as const)('in %s', (lang) => {
    it.each(PAGES)('%s renders a heading and asks for no missing text', (_name, page, options) => {
      const { missing } = renderPage(page(), { ...options, lang });
      expect(missing).toEqual([]);
      expect(document.querySelector('h1, h2')?.textContent?.trim()).toBeTruthy();
    });
  });

  it('every list the pages read exists in both languages with the same length', () => {
    const { missing } = renderPage(<SupportPage />, { route: '/support?article=privacy', lang: 'zh' });
    expect(missing).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(5);
  });

  it('sets the document title', () => {
    renderPage(<AboutPage />);
    expect(document.title).toBe('About · Ferry');
  });

  it('an unknown feature renders the not-found page', () => {
    renderPage(<FeaturePage />, { route: '/product/teleportation', path: '/product/:feature' });
    expect(screen.getByText("This could be our fault, but that page isn't here.")).toBeTruthy();
  });

  it('a marketing page ends with the Try free for 7-days prompt to the free plan', () => {
    renderPage(<MarketingPage page="transfer-files-to-china" />);
    const links = screen.getAllByRole('link', { name: 'Try free for 7-days' });
    expect(links.at(-1)?.getAttribute('href')).toBe('/pricing?plan=free');
  });
});

describe('pricing page', () => {
  it('lists Free, Personal, Pro and Business with monthly prices and register links', () => {
    renderPage(<PricingPage />, { route: '/pricing' });
    const plans = screen.getByRole('region', { name: 'Plans' });
    for (const name of ['Free', 'Personal', 'Pro', 'Business']) expect(within(plans).getByRole('heading', { name, level: 3 })).toBeTruthy();
    expect(screen.getByText('$12')).toBeTruthy();
    expect(screen.getByText('$69')).toBeTruthy();
    const hrefs = screen.getAllByRole('link', { name: /Start/ }).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/register?plan=Free', '/register?plan=PM', '/register?plan=PRM', '/register?plan=BM']);
  });

  it('the yearly toggle switches prices and codes; ?plan=BY opens on yearly with Business selected', async () => {
    const user = userEvent.setup();
    renderPage(<PricingPage />, { route: '/pricing' });
    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByText('$108')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Start/ }).map((a) => a.getAttribute('href'))).toEqual([
      '/register?plan=Free',
      '/register?plan=PY',
      '/register?plan=PRY',
      '/register?plan=BY',
    ]);
  });

  it('highlights the plan asked for and takes its billing period', () => {
    renderPage(<PricingPage />, { route: '/pricing?plan=BY' });
    expect((screen.getByRole('radio', { name: /Yearly/ }) as HTMLInputElement).checked).toBe(true);
    const badge = screen.getByText('Your selection');
    expect(badge.closest('li')?.querySelector('h3')?.textContent).toBe('Business');
  });

  it('shows the verified notice after email verification', () => {
    renderPage(<PricingPage />, { route: '/pricing?verifyComplete=true' });
    expect(screen.getByRole('status').textContent).toContain('Your email is verified');
  });
});

describe('home page', () => {
  it('Send a file now reveals the quick-send panel region', async () => {
    const user = userEvent.setup();
    renderPage(<HomePage />);
    expect(screen.queryByRole('region', { name: 'Send a file' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Send a file now' });
    await user.click(button);
    expect(screen.getByRole('region', { name: 'Send a file' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('Send a file now works before the app has hydrated: it submits a GET form to /?send=1', () => {
    renderPage(<HomePage />);
    const button = screen.getByRole('button', { name: 'Send a file now' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    const form = button.form!;
    expect(form.method).toBe('get');
    expect(form.getAttribute('action')).toBe('/');
    expect(Object.fromEntries(new FormData(form))).toEqual({ send: '1' });
  });

  it('?send=1 opens the panel directly, and the FAQ uses <details>', () => {
    renderPage(<HomePage />, { route: '/?send=1' });
    expect(screen.getByRole('region', { name: 'Send a file' })).toBeTruthy();
    expect(document.querySelectorAll('details').length).toBeGreaterThanOrEqual(5);
  });
});
