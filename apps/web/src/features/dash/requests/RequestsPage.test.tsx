import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRequestSummary } from '@ferry/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../app/session.slice';
import { createStore } from '../../../app/store';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway, type StubCall } from '../../download/stub-gateway';
import RequestsPage from './RequestsPage';

const DAY = 86_400_000;
const summary = (over: Partial<TRequestSummary>): TRequestSummary => ({
  id: 'r1', slug: 'ReQ1234', url: 'http://ferry.test/r/ReQ1234', title: 'Invoices for March', message: null, createdAt: Date.UTC(2026, 10, 20, 9),
  expiryDate: null, state: 'active', fileCount: 0, totalBytes: 0, lastUploadAt: null, ...over,
});

function renderPage(lang: 'en' | 'zh' = 'en') {
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture({ region: 'oss-eu-central-1' }) }));
  renderWithApp(<RequestsPage />, { store, route: '/dash/requests', lang });
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RequestsPage', () => {
  it('when there are no requests, then the empty state offers one; creating it sends title, message and expiry and shows the link to share', async () => {
    const created: TRequestSummary[] = [];
    const gateway = stubGateway({
      'GET /api/v1/requests': () => ({ status: 200, body: { items: created, total: created.length } }),
      'POST /api/v1/requests': (call: StubCall) => {
        created.push(summary({ fileCount: 0 }));
        return { status: 201, body: { id: 'r1', slug: 'ReQ1234', url: 'http://ferry.test/r/ReQ1234', ...(call.body as object) } };
      },
    });
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: 'No requests yet' })).toBeInstanceOf(HTMLElement);
    await user.click(screen.getByRole('button', { name: 'New request' }));

    const form = screen.getByRole('form', { name: 'Ask for files' });
    const create = within(form).getByRole<HTMLButtonElement>('button', { name: 'Create request' });
    expect(create.disabled).toBe(true);
    expect(within(form).getByText('Files you receive are stored in Frankfurt, your storage region.')).toBeInstanceOf(HTMLElement);
    await user.type(within(form).getByLabelText('Title'), '  Invoices for March ');
    await user.type(within(form).getByLabelText('Message (optional)'), 'Scans please');
    await user.selectOptions(within(form).getByLabelText('Link open for'), '7 days');
    const before = Date.now();
    await user.click(create);

    expect(await screen.findByRole('heading', { name: 'Your request is ready' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByLabelText<HTMLInputElement>('Request link').value).toBe('http://ferry.test/r/ReQ1234');
    const body = gateway.callsTo('POST /api/v1/requests')[0]?.body as { title: string; message: string; expiryDate: number };
    expect(body.title).toBe('Invoices for March');
    expect(body.message).toBe('Scans please');
    expect(body.expiryDate).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(body.expiryDate).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    // The list refreshes with the new request.
    expect(await screen.findByRole('link', { name: 'Invoices for March' })).toBeInstanceOf(HTMLElement);
  });

  it('when open until deleted is chosen, then the expiry date is sent as null (left out, the server would apply the default)', async () => {
    const gateway = stubGateway({
      'GET /api/v1/requests': { status: 200, body: { items: [], total: 0 } },
      'POST /api/v1/requests': { status: 201, body: { id: 'r1', slug: 'ReQ1234', url: 'http://ferry.test/r/ReQ1234' } },
    });
    const user = renderPage();
    await screen.findByRole('heading', { name: 'No requests yet' });
    await user.click(screen.getByRole('button', { name: 'New request' }));
    await user.type(screen.getByLabelText('Title'), 'Photos');
    await user.selectOptions(screen.getByLabelText('Link open for'), 'Until I delete it');
    await user.click(screen.getByRole('button', { name: 'Create request' }));
    await screen.findByRole('heading', { name: 'Your request is ready' });
    expect(gateway.callsTo('POST /api/v1/requests')[0]?.body).toEqual({ title: 'Photos', expiryDate: null });
  });

  it('lists each request with the files it received, its state, and a link to its detail; pages past 30', async () => {
    const items = [
      summary({ id: 'a', slug: 'AAAAAAA', title: 'Quotes', fileCount: 3, totalBytes: 3 * 1024 * 1024, expiryDate: Date.UTC(2026, 11, 1, 12) }),
      summary({ id: 'b', slug: 'BBBBBBB', title: 'Old photos', state: 'expired', expiryDate: Date.UTC(2026, 9, 1), fileCount: 1, totalBytes: 2048 }),
      summary({ id: 'c', slug: 'CCCCCCC', title: 'Contracts' }),
    ];
    const gateway = stubGateway({ 'GET /api/v1/requests': { status: 200, body: { items, total: 31 } } });
    const user = renderPage();
    const list = await screen.findByRole('list', { name: 'Your requests' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('3 files received')).toBeInstanceOf(HTMLElement);
    expect(within(rows[0]!).getByText('3 MB')).toBeInstanceOf(HTMLElement);
    expect(within(rows[0]!).getByText(/Open until Dec 1, 2026/)).toBeInstanceOf(HTMLElement);
    expect(within(rows[1]!).getByText('1 file received')).toBeInstanceOf(HTMLElement);
    expect(within(rows[1]!).getByText(/Expired/)).toBeInstanceOf(HTMLElement);
    expect(within(rows[2]!).getByText('Nothing yet')).toBeInstanceOf(HTMLElement);
    expect(within(rows[2]!).getByText(/Open until deleted/)).toBeInstanceOf(HTMLElement);
    expect(within(rows[0]!).getByRole('link', { name: 'Quotes' }).getAttribute('href')).toBe('/dash/requests/AAAAAAA');

    expect(screen.getByText('Page 1 of 2')).toBeInstanceOf(HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(gateway.calls.at(-1)?.url.search).toBe('?skip=30&limit=30');
  });

  it('copies a request link to the clipboard', async () => {
    stubGateway({ 'GET /api/v1/requests': { status: 200, body: { items: [summary({})], total: 1 } } });
    const user = renderPage();
    const copy = await screen.findByRole('button', { name: 'Copy the link of Invoices for March' });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe('http://ferry.test/r/ReQ1234');
    expect(within(copy).getByText('Copied!')).toBeInstanceOf(HTMLElement);
  });

  it('in Chinese, the empty state and the form have no English left', async () => {
    stubGateway({ 'GET /api/v1/requests': { status: 200, body: { items: [], total: 0 } } });
    const user = renderPage('zh');
    expect(await screen.findByRole('heading', { name: '还没有请求' })).toBeInstanceOf(HTMLElement);
    await user.click(screen.getByRole('button', { name: '新建请求' }));
    expect(screen.getByText('收到的文件存储在您的存储区域：法兰克福。')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('option', { name: '7 天' })).toBeInstanceOf(HTMLElement);
  });
});
