import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRequestDetail, TRequestFile } from '@ferry/contracts';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api';
import { signedIn } from '../../../app/session.slice';
import { createStore } from '../../../app/store';
import { renderWithApp } from '../../../test/render';
import { userFixture } from '../../auth/testing/gateway-stub';
import { stubGateway } from '../../download/stub-gateway';
import RequestDetailPage from './RequestDetailPage';

const SLUG = 'ReQ1234';
const FILE_A = '0b7f9a0e-1111-4222-8333-444455556666';
const FILE_B = '0b7f9a0e-2222-4222-8333-444455556666';
const file = (over: Partial<TRequestFile>): TRequestFile => ({ id: FILE_A, name: 'invoice.pdf', path: null, size: 2048, uploaderEmail: 'li@factory.example', uploadedAt: Date.UTC(2026, 10, 24, 8, 30), ...over });
const detail = (files: TRequestFile[]): TRequestDetail => ({
  id: 'r1', slug: SLUG, url: `http://ferry.test/r/${SLUG}`, title: 'Invoices for March', message: 'Scans please', createdAt: Date.UTC(2026, 10, 20),
  expiryDate: null, state: 'active', fileCount: files.length, totalBytes: files.reduce((s, f) => s + f.size, 0), lastUploadAt: null, files,
});

function renderDetail() {
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user: userFixture({}) }));
  renderWithApp(
    <Routes>
      <Route path="/dash/requests/:slug" element={<RequestDetailPage />} />
      <Route path="/dash/requests" element={<h1>All requests</h1>} />
    </Routes>,
    { store, route: `/dash/requests/${SLUG}` },
  );
  return { store, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RequestDetailPage', () => {
  it('shows who sent each file, when and its size; a file that arrives appears when the SSE alert invalidates Requests', async () => {
    let files = [file({})];
    stubGateway({ [`GET /api/v1/requests/${SLUG}`]: () => ({ status: 200, body: detail(files) }) });
    const { store } = renderDetail();
    expect(await screen.findByRole('heading', { name: 'Invoices for March' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Scans please')).toBeInstanceOf(HTMLElement);
    const list = screen.getByRole('list', { name: 'Files received' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByText('invoice.pdf')).toBeInstanceOf(HTMLElement);
    expect(within(row).getByText('li@factory.example')).toBeInstanceOf(HTMLElement);
    expect(within(row).getByText('2 KB')).toBeInstanceOf(HTMLElement);
    expect(within(row).getByText(/Nov 24, 2026/)).toBeInstanceOf(HTMLElement);

    files = [...files, file({ id: FILE_B, name: 'receipt.png', path: 'scans', uploaderEmail: null, size: 10 })];
    act(() => {
      store.dispatch(api.util.invalidateTags(['Requests']));
    });
    expect(await within(list).findByText('receipt.png')).toBeInstanceOf(HTMLElement);
    expect(within(list).getByText('Someone (no email given)')).toBeInstanceOf(HTMLElement);
    expect(within(list).getByText('scans')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('heading', { name: /2 files received/ })).toBeInstanceOf(HTMLElement);
  });

  it('downloads one file or all of them through signed URLs', async () => {
    const gateway = stubGateway({
      [`GET /api/v1/requests/${SLUG}`]: { status: 200, body: detail([file({})]) },
      [`POST /api/v1/requests/${SLUG}/downloads`]: { status: 200, body: { url: 'http://storage.test/o/signed', expiresAt: new Date().toISOString() } },
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Download invoice.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Download all' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(2));
    expect(gateway.callsTo(`POST /api/v1/requests/${SLUG}/downloads`).map((c) => c.body)).toEqual([{ fileId: FILE_A }, { all: true }]);
    expect(clicked).toEqual(['http://storage.test/o/signed', 'http://storage.test/o/signed']);
  });

  it('when nothing arrived yet, then it says so and offers no download', async () => {
    stubGateway({ [`GET /api/v1/requests/${SLUG}`]: { status: 200, body: detail([]) } });
    renderDetail();
    expect(await screen.findByText('No files yet. They appear here as soon as they arrive.')).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('button', { name: 'Download all' })).toBeNull();
  });

  it('deletes only after confirmation (Esc or Cancel keeps it), then goes back to the list', async () => {
    const gateway = stubGateway({
      [`GET /api/v1/requests/${SLUG}`]: { status: 200, body: detail([]) },
      [`DELETE /api/v1/requests/${SLUG}`]: { status: 204 },
    });
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete request' }));
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText(/Delete “Invoices for March”\?/)).toBeInstanceOf(HTMLElement);
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(gateway.callsTo(`DELETE /api/v1/requests/${SLUG}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete request' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByRole('heading', { name: 'All requests' })).toBeInstanceOf(HTMLElement);
    expect(gateway.callsTo(`DELETE /api/v1/requests/${SLUG}`)).toHaveLength(1);
  });

  it('when the request does not exist, then it says so with a way back', async () => {
    stubGateway({});
    renderDetail();
    expect(await screen.findByText('This request does not exist or was deleted.')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: '← All requests' }).getAttribute('href')).toBe('/dash/requests');
  });
});
