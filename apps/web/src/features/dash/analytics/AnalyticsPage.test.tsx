import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../app/session.slice';
import { createStore } from '../../../app/store';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway } from '../../download/stub-gateway';
import { analyticsFixture, storageAt } from '../home/home-fixtures';
import AnalyticsPage from './AnalyticsPage';
import { periodOf } from './analytics.api';

function renderAnalytics(options: { route?: string; lang?: 'en' | 'zh'; storage?: ReturnType<typeof storageAt> } = {}) {
  const gateway = stubGateway({
    'GET /api/v1/analytics': (call) => ({ status: 200, body: analyticsFixture(Number(call.url.searchParams.get('days')), options.storage ? { storage: options.storage } : {}) }),
  });
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture() }));
  renderWithApp(<AnalyticsPage />, { store, route: options.route ?? '/dash/analytics', lang: options.lang });
  return gateway;
}

const daysAsked = (gateway: ReturnType<typeof stubGateway>) => gateway.callsTo('GET /api/v1/analytics').map((c) => c.url.searchParams.get('days'));

afterEach(() => vi.unstubAllGlobals());

describe('the analytics page', () => {
  it('when another period is picked, then the figures of that many days are asked for and shown', async () => {
    const gateway = renderAnalytics();
    expect(await screen.findByText('3 downloads from Oct 27 to Nov 25; the most on Nov 25 (3).')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByText('3 downloads from Nov 19 to Nov 25; the most on Nov 25 (3).')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '365 days' }));
    expect(await screen.findByText(/from Nov 26 to Nov 25/)).toBeInstanceOf(HTMLElement);
    expect(daysAsked(gateway)).toEqual(['30', '7', '365']);
  }, 20_000);

  it('when the URL names 90 days, then the page opens on that period; anything else is 30', async () => {
    const gateway = renderAnalytics({ route: '/dash/analytics?days=90' });
    expect(await screen.findByText(/from Aug 28 to Nov 25/)).toBeInstanceOf(HTMLElement);
    expect(daysAsked(gateway)).toEqual(['90']);
    expect([periodOf('12'), periodOf(null), periodOf('365')]).toEqual([30, 30, 365]);
  });

  it('when there were downloads, then the per-day table, the countries with flags, top transfers and the counts are there', async () => {
    renderAnalytics({ storage: storageAt(95) });
    const table = await screen.findByRole('table', { name: 'Days with downloads (every other day had none)' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['DayDownloads', 'Nov 253']);
    const countries = screen.getByRole('list', { name: 'Countries, most downloads first' });
    expect(within(countries).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['United Arab Emirates2 downloads', 'Unknown1 download']);
    expect(within(countries).getByRole('img', { name: 'United Arab Emirates' }).className).toContain('country-flag--ae');
    expect(screen.getByRole('link', { name: 'invoice.pdf' }).getAttribute('href')).toBe('/dash/transfers/AbC1234');
    expect(screen.getByText('Never opened').nextElementSibling?.textContent).toBe('2');
    expect(screen.getByText('Expiring soon').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByText('9.5 GB of 10 GB')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Almost full')).toBeInstanceOf(HTMLElement);
  });

  it('when the interface is Chinese, then the periods, dates and countries are Chinese', async () => {
    renderAnalytics({ lang: 'zh' });
    expect(await screen.findByText('10月27日 至 11月25日 共下载 3 次；11月25日 最多（3 次）。')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('button', { name: '90 天' })).toBeInstanceOf(HTMLElement);
    expect(within(screen.getByRole('list', { name: '国家/地区，按下载次数从多到少' })).getByText('阿拉伯联合酋长国')).toBeInstanceOf(HTMLElement);
  });
});
