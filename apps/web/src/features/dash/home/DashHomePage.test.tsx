import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../app/session.slice';
import { createStore } from '../../../app/store';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway } from '../../download/stub-gateway';
import DashHomePage from './DashHomePage';
import { showAlertedDownload } from './home.api';
import { downloadFixture, storageAt, transferFixture, usageFixture } from './home-fixtures';

const list = (items: ReturnType<typeof transferFixture>[]) => ({ status: 200, body: { items, counts: { all: 3, active: 3, expired: 0, thisMonthsTransfers: 4, shared: 0 } } });

function renderHome(usage = usageFixture(), lang: 'en' | 'zh' = 'en', downloads = [downloadFixture()]) {
  const gateway = stubGateway({
    'GET /api/v1/me/usage': { status: 200, body: usage },
    'GET /api/v1/downloads': { status: 200, body: { items: downloads } },
    'GET /api/v1/transfers': (call) =>
      call.url.searchParams.get('filter') === 'expiring' ? list([transferFixture()]) : list([transferFixture({ slug: 'Uns1234', fileName: 'samples.zip', expiring: false })]),
  });
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture() }));
  renderWithApp(<DashHomePage />, { store, lang });
  return { ...gateway, store };
}

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard home', () => {
  it("when the month has 4 of the free plan's 10 transfers, then both are shown with a meter", async () => {
    renderHome();
    expect(await screen.findByText('4 of 10')).toBeInstanceOf(HTMLElement);
    const meters = screen.getAllByRole('meter');
    expect(meters.map((m) => [m.getAttribute('aria-label'), m.getAttribute('aria-valuenow')])).toEqual([
      ['Transfers sent', '40'],
      ['Storage', '12'],
    ]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("when storage reaches 90%, then it is marked almost full with the way to upgrade", async () => {
    renderHome(usageFixture({ storage: storageAt(90) }));
    const alert = await screen.findByRole('status');
    expect(alert.textContent).toBe("Storage almost full. You have used 90% of your plan's storage. Upgrade your plan");
    expect(within(alert).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/dash/account/1');
    expect(screen.getByRole('meter', { name: 'Storage' }).className).toContain('usage-meter--almostFull');
    expect(screen.getByText('9 GB of 10 GB')).toBeInstanceOf(HTMLElement);
  });

  it('when storage is full, then it says new transfers are paused', async () => {
    renderHome(usageFixture({ storage: storageAt(100) }));
    expect((await screen.findByRole('status')).textContent).toContain('Storage full. New transfers are paused');
    expect(screen.getByRole('meter', { name: 'Storage' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('when a file was downloaded in Dubai, then the latest downloads show its flag, city, country and time, opening the transfer', async () => {
    renderHome();
    const downloads = await screen.findByRole('list', { name: 'Latest downloads' });
    const entry = within(downloads).getByRole('link');
    expect(entry.getAttribute('href')).toBe('/dash/transfers/AbC1234');
    expect(within(entry).getByRole('img', { name: 'United Arab Emirates' }).className).toContain('country-flag--ae');
    expect(within(entry).getByText('Dubai, United Arab Emirates')).toBeInstanceOf(HTMLElement);
    expect(entry.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T08:30:00.000Z');
  });

  it('when transfers expire soon or were never opened, then a few of each link to their modal', async () => {
    const gateway = renderHome();
    const expiring = await screen.findByRole('list', { name: 'Expiring soon' });
    expect(within(expiring).getByRole('link', { name: /catalogue\.pdf/ }).getAttribute('href')).toBe('/dash/transfers/Exp1234');
    const unseen = await screen.findByRole('list', { name: 'Never opened' });
    expect(within(unseen).getByRole('link', { name: /samples\.zip/ }).getAttribute('href')).toBe('/dash/transfers/Uns1234');
    const filters = gateway.callsTo('GET /api/v1/transfers').map((c) => `${c.url.searchParams.get('filter')}:${c.url.searchParams.get('limit')}`);
    expect(filters.sort()).toEqual(['expiring:5', 'unseen:5']);
  });

  it('when the interface is Chinese, then the country is named in Chinese', async () => {
    renderHome(usageFixture(), 'zh');
    const downloads = await screen.findByRole('list', { name: '最近下载' });
    expect(within(downloads).getByText('Dubai，阿拉伯联合酋长国')).toBeInstanceOf(HTMLElement);
  });

  it('when an SSE alert announces a download, then it is on top of the latest downloads before any refetch', async () => {
    const { store, callsTo } = renderHome(usageFixture(), 'en', []);
    expect(await screen.findByText('No downloads yet. They appear here the moment someone downloads your files.')).toBeInstanceOf(HTMLElement);
    const before = callsTo('GET /api/v1/downloads').length;
    store.dispatch(showAlertedDownload({
      _id: 'n9', slug: 'Liv1234', read: false, dlDate: '2026-11-25T20:30:00.000Z', dlCountryCode: 'DE', dlCountry: 'Germany', dlCity: 'Frankfurt am Main',
      receiverEmail: null, fileName: 'price-list.csv', dlOrigin: 'download',
    }));
    const entry = await screen.findByRole('link', { name: /price-list\.csv/ });
    expect(entry.getAttribute('href')).toBe('/dash/transfers/Liv1234');
    expect(within(entry).getByText('Frankfurt am Main, Germany')).toBeInstanceOf(HTMLElement);
    expect(within(entry).getByRole('img', { name: 'Germany' }).className).toContain('country-flag--de');
    expect(callsTo('GET /api/v1/downloads')).toHaveLength(before);
  });
});
