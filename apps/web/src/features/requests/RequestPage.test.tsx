import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUploadGrant } from '@ferry/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { gatewayError, stubGateway, type StubCall } from '../download/stub-gateway';
import RequestPage from './RequestPage';

const SLUG = 'ReQ1234';
const UPLOAD_ID = '9b2f3c4d-1111-4222-8333-444455556666';
const request = {
  slug: SLUG,
  title: 'Invoices for March',
  message: 'Please send the scanned invoices',
  requesterName: 'Amira Haddad',
  requesterEmail: 'amira@dubai.example',
  expiryDate: null,
};

function grant(name: string, size: number, i: number): TUploadGrant {
  return {
    fileId: `file-${i}`, name, size, region: 'oss-cn-hongkong', key: `u/x/requests/${SLUG}/${name}`, uploadToken: `token-${i}`,
    single: { method: 'PUT', url: `http://storage.test/o/bucket/${name}?sig=${i}`, headers: {}, expiresAt: new Date(Date.now() + 3600_000).toISOString() },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RequestPage', () => {
  it('shows the request, uploads the picked files straight to storage, completes the batch and says it is done', async () => {
    const stored = new Map<string, string>();
    const gateway = stubGateway({
      [`GET /api/v1/public/requests/${SLUG}`]: { status: 200, body: request },
      [`POST /api/v1/public/requests/${SLUG}/uploads`]: ({ body }) => {
        const files = (body as { files: Array<{ name: string; size: number }> }).files;
        // The server drops the .exe and keeps the order of the rest.
        const kept = files.filter((f) => !f.name.endsWith('.exe'));
        return {
          status: 201,
          body: {
            uploadId: UPLOAD_ID,
            uploads: kept.map((f, i) => grant(f.name, f.size, i)),
            dropped: [{ name: 'setup.exe', path: null, reason: 'insecureType', title: 'Insecure file type' }],
          },
        };
      },
      'PUT /o/bucket/march.pdf': (call: StubCall) => (stored.set('march.pdf', String(call.body)), { status: 200, headers: { etag: '"a"' } }),
      'PUT /o/bucket/april.pdf': (call: StubCall) => (stored.set('april.pdf', String(call.body)), { status: 200, headers: { etag: '"b"' } }),
      [`POST /api/v1/public/requests/${SLUG}/uploads/${UPLOAD_ID}/complete`]: { status: 200, body: { slug: SLUG, fileCount: 2 } },
    });
    renderWithApp(<RequestPage />, { route: `/r/${SLUG}`, path: '/r/:id' });

    expect(await screen.findByRole('heading', { name: 'Invoices for March' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Amira Haddad is asking you for files')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Please send the scanned invoices')).toBeInstanceOf(HTMLElement);
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Upload files' });
    expect(send.disabled).toBe(true);

    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['march invoice'], 'march.pdf', { type: 'application/pdf' }),
      new File(['april invoice!'], 'april.pdf', { type: 'application/pdf' }),
      new File(['MZ'], 'setup.exe'),
    ]);
    const chosen = within(screen.getByRole('list', { name: 'Files to send' }));
    expect(chosen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('3 files, 29 B')).toBeInstanceOf(HTMLElement);

    await user.type(screen.getByLabelText('Your email (optional)'), 'not-an-email');
    expect(send.disabled).toBe(true);
    await user.clear(screen.getByLabelText('Your email (optional)'));
    await user.type(screen.getByLabelText('Your email (optional)'), 'Li@Factory.example');
    await user.click(send);

    expect(await screen.findByRole('heading', { name: "You're all done!" })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Amira Haddad has been told that 2 files arrived.')).toBeInstanceOf(HTMLElement);
    expect(gateway.callsTo(`POST /api/v1/public/requests/${SLUG}/uploads`)[0]?.body).toEqual({
      files: [
        { name: 'march.pdf', size: 13 },
        { name: 'april.pdf', size: 14 },
        { name: 'setup.exe', size: 2 },
      ],
      email: 'Li@Factory.example',
    });
    expect(Object.fromEntries(stored)).toEqual({ 'march.pdf': 'march invoice', 'april.pdf': 'april invoice!' });
    expect(gateway.callsTo(`POST /api/v1/public/requests/${SLUG}/uploads/${UPLOAD_ID}/complete`)[0]?.body).toEqual({
      uploads: [{ uploadToken: 'token-0' }, { uploadToken: 'token-1' }],
    });
  });

  it("shows the server's reason when the batch is refused, and keeps the files to try again", async () => {
    stubGateway({
      [`GET /api/v1/public/requests/${SLUG}`]: { status: 200, body: request },
      [`POST /api/v1/public/requests/${SLUG}/uploads`]: gatewayError(403, 'OVER_TRANSFER_LIMIT', 'Your Free plan is limited to 3 GB transfers.'),
    });
    renderWithApp(<RequestPage />, { route: `/r/${SLUG}`, path: '/r/:id' });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Choose files'), new File(['x'], 'big.mov'));
    await user.click(screen.getByRole('button', { name: 'Upload files' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your Free plan is limited to 3 GB transfers.');
    expect(screen.getByText('big.mov')).toBeInstanceOf(HTMLElement);
  });

  it.each([
    [410, 'LINK_EXPIRED', 'This request is closed'],
    [404, 'NOT_FOUND', "We couldn't find this request"],
  ])('when the gateway answers %i %s, then the page says "%s"', async (status, code, heading) => {
    stubGateway({ [`GET /api/v1/public/requests/${SLUG}`]: gatewayError(status, code) });
    renderWithApp(<RequestPage />, { route: `/r/${SLUG}`, path: '/r/:id' });
    expect(await screen.findByRole('heading', { name: heading })).toBeInstanceOf(HTMLElement);
  });
});
