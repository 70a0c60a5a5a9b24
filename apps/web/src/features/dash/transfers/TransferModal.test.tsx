import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from '../../../components/toasts';
import { renderWithApp } from '../../../test/render';
import { stubGateway, type StubRoutes } from '../../download/stub-gateway';
import { detail } from './transfer-fixtures';
import { TransferModal } from './TransferModal';

afterEach(() => vi.unstubAllGlobals());

const SLUG = 'Slug001';

function openModal(routes: StubRoutes = {}) {
  const onClose = vi.fn();
  const gateway = stubGateway({
    [`GET /api/v1/transfers/${SLUG}`]: { status: 200, body: detail() },
    'GET /api/v1/contacts': { status: 200, body: { items: [] } },
    'GET /api/v1/team': { status: 200, body: { adminId: 'u1', company: null, limit: 0, members: [], pendingInvites: [] } },
    ...routes,
  });
  renderWithApp(
    <>
      <TransferModal slug={SLUG} onClose={onClose} />
      <ToastRegion />
    </>,
  );
  return { ...gateway, onClose };
}

describe('the TransferModal', () => {
  it('when it opens, then it shows the files (folders first), who downloaded and the download log with flag and city', async () => {
    openModal();
    const dialog = await screen.findByRole('dialog', { name: 'invoice-1.pdf' });
    const files = within(dialog).getByRole('list', { name: '3 files' });
    expect(files.firstElementChild?.textContent).toContain('Designs/');
    expect(within(dialog).getByText('Downloaded')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'United Arab Emirates' })).toBeTruthy();
    expect(within(dialog).getByText('Dubai, United Arab Emirates')).toBeTruthy();
    expect(within(dialog).getByLabelText('Download link')).toHaveProperty('value', 'http://localhost/w/Slug001');
  });

  it('when Restrict link is pressed, then the link is restricted through the API', async () => {
    const { callsTo } = openModal({ [`POST /api/v1/transfers/${SLUG}/restrict`]: { status: 204 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Restrict link' }));
    await waitFor(() => expect(callsTo(`POST /api/v1/transfers/${SLUG}/restrict`).map((c) => c.body)).toEqual([{ restricted: true }]));
  });

  it('when Extend 48 hours is pressed, then the API extends it and the new expiry date is shown', async () => {
    const expiryDate = Date.UTC(2026, 10, 29, 12, 0);
    const { callsTo } = openModal({ [`POST /api/v1/transfers/${SLUG}/extension`]: { status: 200, body: { expiryDate } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Extend 48 hours' }));
    expect(await screen.findByText('Link extended for 48 hours')).toBeTruthy();
    expect(callsTo(`POST /api/v1/transfers/${SLUG}/extension`)).toHaveLength(1);
    expect(screen.getByText(/^New expiry date : Nov 29, 2026/)).toBeTruthy();
  });

  it('when Delete is pressed, then it asks first: No deletes nothing, Yes deletes and closes', async () => {
    const { callsTo, onClose } = openModal({ [`DELETE /api/v1/transfers/${SLUG}`]: { status: 204 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this transfer?' });
    expect(document.activeElement?.textContent).toBe('No');
    await userEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(`DELETE /api/v1/transfers/${SLUG}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(`DELETE /api/v1/transfers/${SLUG}`)).toHaveLength(1);
  });

  it('when two files are picked and a recipient given, then only those two are forwarded to that recipient', async () => {
    const forwarded = { status: 201, body: { id: 'f1', slug: 'Fwd0001', url: 'http://localhost/w/Fwd0001', status: 'live', uploads: [], dropped: [], contacts: [] } };
    const { callsTo } = openModal({ [`POST /api/v1/transfers/${SLUG}/forward`]: forwarded });
    await userEvent.click(await screen.findByRole('button', { name: 'Forward' }));
    const panel = screen.getByRole('region', { name: 'Forward files' });
    const send = within(panel).getByRole('button', { name: 'Forward 0 files' });
    expect(send).toHaveProperty('disabled', true);
    await userEvent.click(within(panel).getByRole('checkbox', { name: /packing-list\.xlsx/ }));
    await userEvent.click(within(panel).getByRole('checkbox', { name: /spec\.docx/ }));
    await userEvent.type(within(panel).getByLabelText(/Email to/), 'new.buyer@example.com{Enter}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Forward 2 files' }));
    await waitFor(() => expect(callsTo(`POST /api/v1/transfers/${SLUG}/forward`)).toHaveLength(1));
    expect(callsTo(`POST /api/v1/transfers/${SLUG}/forward`)[0]?.body).toEqual({
      sendAs: 'email',
      fileIds: ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'],
      emailTo: [{ email: 'new.buyer@example.com' }],
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Forward files' })).toBeNull());
  });

  it("when 'Cancel this forward' is pressed, then nothing is sent; Esc closes the modal", async () => {
    const { calls, onClose } = openModal();
    await userEvent.click(await screen.findByRole('button', { name: 'Forward' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this forward' }));
    expect(screen.queryByRole('region', { name: 'Forward files' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('when the transfer is gone, then the modal says so', async () => {
    openModal({ [`GET /api/v1/transfers/${SLUG}`]: { status: 404, body: { error: { code: 'TRANSFER_NOT_FOUND', message: 'No transfer' } } } });
    expect(await screen.findByRole('heading', { name: 'This transfer does not exist or was deleted' })).toBeTruthy();
  });
});
