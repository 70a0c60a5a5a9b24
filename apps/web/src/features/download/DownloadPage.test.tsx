import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPublicTransfer } from '@ferry/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import DownloadPage from './DownloadPage';
import { startDownload } from './start-download';
import { gatewayError, stubGateway } from './stub-gateway';

vi.mock('./start-download', () => ({ startDownload: vi.fn() }));

const SLUG = 'AbC1234';
const PATH = '/downloads/:id/:user?/:downloadZip?';
const DAY = 24 * 3600_000;
const ids = {
  report: '11111111-1111-4111-8111-111111111111',
  photo: '22222222-2222-4222-8222-222222222222',
  logo: '33333333-3333-4333-8333-333333333333',
  memo: '44444444-4444-4444-8444-444444444444',
};

function transfer(overrides: Partial<TPublicTransfer> = {}): TPublicTransfer {
  return {
    slug: SLUG,
    files: [
      { id: ids.report, name: 'report.pdf', path: 'plans/2026', size: 1_572_864, kind: 'file', contentType: 'application/pdf' },
      { id: ids.photo, name: 'site.jpg', path: null, size: 2_048, kind: 'file', contentType: 'image/jpeg' },
      { id: ids.logo, name: 'logo.svg', path: null, size: 512, kind: 'file', contentType: 'image/svg+xml' },
      { id: ids.memo, name: 'VoiceMemo-20261201.webm', path: null, size: 9_000, kind: 'voiceMemo', contentType: 'audio/webm' },
    ],
    totalBytes: 1_584_424,
    size: '1.51 MB',
    message: 'The plans we discussed',
    senderEmail: 'ling@trading.example',
    senderName: null,
    dateSent: Date.now() - DAY,
    expiryDate: Date.now() + 6 * DAY,
    region: 'oss-cn-hongkong',
    hasPassword: false,
    recipient: null,
    ...overrides,
  };
}

const signed = (name: string) => ({ status: 200, body: { url: `http://storage.test/o/${name}?sig=1`, expiresAt: new Date(Date.now() + 600_000).toISOString() } });
const byFileId = (body: unknown) => ({ report: 'report.pdf', photo: 'site.jpg', logo: 'logo.svg', memo: 'memo.webm' })[Object.entries(ids).find(([, id]) => id === (body as { fileId?: string }).fileId)?.[0] as keyof typeof ids];

beforeEach(() => {
  vi.mocked(startDownload).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DownloadPage', () => {
  it('shows the sender, message, voice memo, files with sizes and image previews (never SVG), and downloads one file or all', async () => {
    const gateway = stubGateway({
      [`GET /api/v1/public/transfers/${SLUG}`]: { status: 200, body: transfer() },
      [`POST /api/v1/public/transfers/${SLUG}/downloads`]: ({ body }) => signed((body as { all?: boolean }).all ? 'ferry.zip' : byFileId(body)),
    });
    renderWithApp(<DownloadPage />, { route: `/downloads/${SLUG}/r3cipientTok`, path: PATH });

    expect(await screen.findByRole('heading', { name: 'ling@trading.example sent you 4 files' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('The plans we discussed')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('4 files, 1.51 MB')).toBeInstanceOf(HTMLElement);
    const files = within(screen.getByRole('list', { name: 'Files' }));
    expect(files.getAllByRole('listitem')).toHaveLength(4);
    expect(files.getByText('1.5 MB')).toBeInstanceOf(HTMLElement);
    expect(files.getByText('2 KB')).toBeInstanceOf(HTMLElement);
    expect(files.getByText('plans/2026/')).toBeInstanceOf(HTMLElement);

    // The photo and the memo get preview URLs (not recorded as downloads); the SVG does not.
    const preview = await screen.findByRole('img', { name: 'Preview of site.jpg' });
    expect(preview.getAttribute('src')).toBe('http://storage.test/o/site.jpg?sig=1');
    expect(screen.queryByRole('img', { name: 'Preview of logo.svg' })).toBeNull();
    await waitFor(() => expect(document.querySelector('audio')?.getAttribute('src')).toBe('http://storage.test/o/memo.webm?sig=1'));
    const previews = gateway.callsTo(`POST /api/v1/public/transfers/${SLUG}/downloads`).map((c) => c.body);
    expect(previews).toEqual(expect.arrayContaining([{ fileId: ids.photo, preview: true }, { fileId: ids.memo, preview: true }]));
    expect(previews).toHaveLength(2);
    expect(gateway.callsTo(`GET /api/v1/public/transfers/${SLUG}`)[0]?.url.searchParams.get('recipient')).toBe('r3cipientTok');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download report.pdf' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('http://storage.test/o/report.pdf?sig=1'));
    await user.click(screen.getByRole('button', { name: 'Download all' }));
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('http://storage.test/o/ferry.zip?sig=1'));
    const downloads = gateway.callsTo(`POST /api/v1/public/transfers/${SLUG}/downloads`).slice(2).map((c) => c.body);
    expect(downloads).toEqual([
      { fileId: ids.report, recipient: 'r3cipientTok' },
      { all: true, recipient: 'r3cipientTok' },
    ]);
  });

  it('asks for the password, says when it is wrong, then opens with it sent as X-Transfer-Password', async () => {
    const gateway = stubGateway({
      [`GET /api/v1/public/transfers/${SLUG}`]: ({ headers }) => {
        const password = headers.get('x-transfer-password');
        if (!password) return gatewayError(401, 'PASSWORD_REQUIRED');
        if (password !== 'open sesame') return gatewayError(401, 'PASSWORD_INCORRECT');
        return { status: 200, body: transfer({ hasPassword: true, files: transfer().files.slice(0, 1) }) };
      },
    });
    renderWithApp(<DownloadPage />, { route: `/d/${SLUG}`, path: '/d/:id/:user?' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'This transfer is protected' })).toBeInstanceOf(HTMLElement);
    const unlock = screen.getByRole<HTMLButtonElement>('button', { name: 'Unlock' });
    expect(unlock.disabled).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(unlock);
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not right');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'open sesame{Enter}');
    expect(await screen.findByRole('heading', { name: 'ling@trading.example sent you 1 file' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('report.pdf')).toBeInstanceOf(HTMLElement);
    expect(gateway.calls.map((c) => c.headers.get('x-transfer-password'))).toEqual([null, 'wrong', 'open sesame']);
    expect(gateway.calls.every((c) => !c.url.search.includes('sesame'))).toBe(true);
  });

  it('after too many wrong passwords, says how long to wait instead of that the password is wrong', async () => {
    const tooMany = { status: 429, body: { error: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many', requestId: 'test', details: { retryAfterSeconds: 900 } } } };
    stubGateway({
      [`GET /api/v1/public/transfers/${SLUG}`]: ({ headers }) => (headers.get('x-transfer-password') ? tooMany : gatewayError(401, 'PASSWORD_REQUIRED')),
    });
    renderWithApp(<DownloadPage />, { route: `/d/${SLUG}`, path: '/d/:id/:user?' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Password'), 'guess{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many wrong passwords. Try again in 15 minutes.');
    expect(screen.getByRole('heading', { name: 'This transfer is protected' })).toBeInstanceOf(HTMLElement);
  });

  it('when the transfer expired, offers to ask the sender for more time and confirms it was asked', async () => {
    const gateway = stubGateway({
      [`GET /api/v1/public/transfers/${SLUG}`]: gatewayError(410, 'TRANSFER_EXPIRED', 'This transfer has expired. Ask the sender for more time.'),
      [`POST /api/v1/public/transfers/${SLUG}/extension-requests`]: { status: 202 },
    });
    renderWithApp(<DownloadPage />, { route: `/downloads/${SLUG}/r3cipientTok`, path: PATH });

    expect(await screen.findByRole('heading', { name: 'This transfer has expired' })).toBeInstanceOf(HTMLElement);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ask the sender for more time' }));
    expect(await screen.findByRole('heading', { name: 'We asked the sender for more time' })).toBeInstanceOf(HTMLElement);
    expect(gateway.callsTo(`POST /api/v1/public/transfers/${SLUG}/extension-requests`).map((c) => c.body)).toEqual([{ recipient: 'r3cipientTok' }]);
  });

  it('when an expired transfer has a password, asks for it before asking for more time', async () => {
    const gateway = stubGateway({
      [`GET /api/v1/public/transfers/${SLUG}`]: gatewayError(410, 'TRANSFER_EXPIRED'),
      [`POST /api/v1/public/transfers/${SLUG}/extension-requests`]: ({ headers }) =>
        headers.get('x-transfer-password') === 'open sesame' ? { status: 202 } : gatewayError(401, 'PASSWORD_REQUIRED'),
    });
    renderWithApp(<DownloadPage />, { route: `/w/${SLUG}`, path: '/w/:id' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask the sender for more time' }));
    await user.type(await screen.findByLabelText('Password'), 'open sesame{Enter}');
    expect(await screen.findByRole('heading', { name: 'We asked the sender for more time' })).toBeInstanceOf(HTMLElement);
    expect(gateway.callsTo(`POST /api/v1/public/transfers/${SLUG}/extension-requests`)).toHaveLength(2);
  });

  it('/downloads/{id}/{user}/downloadZip starts the ZIP at once', async () => {
    const gateway = stubGateway({
      [`GET /api/v1/public/transfers/${SLUG}`]: { status: 200, body: transfer({ files: transfer().files.slice(0, 1) }) },
      [`POST /api/v1/public/transfers/${SLUG}/downloads`]: signed('ferry.zip'),
    });
    renderWithApp(<DownloadPage />, { route: `/downloads/${SLUG}/r3cipientTok/downloadZip`, path: PATH });
    await waitFor(() => expect(startDownload).toHaveBeenCalledWith('http://storage.test/o/ferry.zip?sig=1'));
    expect(gateway.callsTo(`POST /api/v1/public/transfers/${SLUG}/downloads`).map((c) => c.body)).toEqual([{ all: true, recipient: 'r3cipientTok' }]);
  });

  it.each([
    [403, 'TRANSFER_RESTRICTED', 'This link has been disabled'],
    [404, 'NOT_FOUND', "We couldn't find this transfer"],
    [503, 'SERVICE_UNAVAILABLE', 'Something went wrong'],
  ])('when the gateway answers %i %s, then the page says "%s"', async (status, code, heading) => {
    stubGateway({ [`GET /api/v1/public/transfers/${SLUG}`]: gatewayError(status, code) });
    renderWithApp(<DownloadPage />, { route: `/d/${SLUG}`, path: '/d/:id/:user?' });
    expect(await screen.findByRole('heading', { name: heading })).toBeInstanceOf(HTMLElement);
  });

  it('shows a malformed link as not found without asking the gateway, and speaks Chinese', async () => {
    const gateway = stubGateway({});
    renderWithApp(<DownloadPage />, { route: '/d/bad', path: '/d/:id/:user?', lang: 'zh' });
    expect(await screen.findByRole('heading', { name: '找不到此传输' })).toBeInstanceOf(HTMLElement);
    expect(gateway.calls).toHaveLength(0);
  });
});
