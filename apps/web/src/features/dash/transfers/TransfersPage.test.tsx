import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { stubGateway, type StubCall } from '../../download/stub-gateway';
import { list, summary } from './transfer-fixtures';
import TransfersPage from './TransfersPage';

afterEach(() => vi.unstubAllGlobals());

const counts = { all: 45, active: 40, expired: 5, shared: 2 };

/** The gateway answering GET /transfers with a page of the tab's count, at most 30. */
function listGateway(answer: (call: StubCall) => ReturnType<typeof list> = () => list([summary(1), summary(2)], counts)) {
  return stubGateway({ 'GET /api/v1/transfers': (call) => ({ status: 200, body: answer(call) }) });
}

const lastQuery = (calls: StubCall[]) => Object.fromEntries(calls.filter((c) => c.url.pathname === '/api/v1/transfers').at(-1)?.url.searchParams ?? []);

function renderPage(route = '/dash/transfers') {
  return renderWithApp(<TransfersPage />, { route, path: '/dash/transfers/:slug?' });
}

describe('the transfers list', () => {
  it('when it loads, then the tabs carry the counts of the API and the rows their name, size, downloads and state', async () => {
    listGateway(() => list([summary(1, { total_downloads: 3, downloads: [{ country_name: 'Germany', countryCode: 'DE', dlDate: '2026-11-21T08:00:00Z' }], unseen: false }), summary(2, { restricted: true })], counts));
    renderPage();
    expect(await screen.findByRole('tab', { name: 'All 45' })).toHaveProperty('ariaSelected', 'true');
    expect(screen.getByRole('tab', { name: 'Active 40' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Expired 5' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Shared 2' })).toBeTruthy();
    const rows = within(await screen.findByRole('list', { name: 'Your transfers' })).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('invoice-1.pdf');
    expect(rows[0]?.textContent).toContain('2 files · 2 KB');
    expect(rows[0]?.textContent).toContain('3 downloads');
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'Germany' })).toBeTruthy();
    expect(rows[1]?.textContent).toContain('Restricted');
  });

  it('when a tab, the Unseen filter, a search and the name sort are chosen, then the API is asked for each', async () => {
    const { calls } = listGateway();
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Expired 5' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ filter: 'expired', skip: '0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unseen' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ filter: 'unseen' }));
    expect(screen.getByRole('button', { name: 'Unseen' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Expiring' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ filter: 'expiring' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search transfers' }), 'swatches{Enter}');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ filter: 'expiring', search: 'swatches' }));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'name');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: '-name' }));
  });

  it('when the tab has more than 30, then Next asks for the second page and Previous for the first', async () => {
    const { calls } = listGateway((call) => list(Array.from({ length: call.url.searchParams.get('skip') === '0' ? 30 : 15 }, (_, i) => summary(i)), counts));
    renderPage();
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ skip: '30', limit: '30' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    // The first page is still in the cache: it shows again without another call.
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
  });

  it('when the URL carries the list state, then a reload shows the same list', async () => {
    const { calls } = listGateway();
    renderPage('/dash/transfers?tab=active&q=dubai&sort=name&dir=asc&page=2');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ filter: 'active', sort: 'name', skip: '30', limit: '30', search: 'dubai' }));
    expect(await screen.findByRole('tab', { name: 'Active 40' })).toHaveProperty('ariaSelected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search transfers' })).toHaveProperty('value', 'dubai');
  });

  it('when there are no transfers, then the empty state offers to send; when a search finds none, it says so', async () => {
    listGateway((call) => list([], call.url.searchParams.has('search') ? counts : { all: 0, active: 0 }));
    const { unmount } = renderPage();
    expect(await screen.findByText('No transfers yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send files' }).getAttribute('href')).toBe('/dash');
    unmount();
    renderPage('/dash/transfers?q=nothing');
    expect(await screen.findByText('No transfers match')).toBeTruthy();
  });
});
