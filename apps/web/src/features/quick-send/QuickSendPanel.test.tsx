import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCreatedTransfer, TUploadGrant, TUser } from '@ferry/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../app/session.slice';
import { createStore } from '../../app/store';
import { ToastRegion } from '../../components/toasts';
import { renderWithApp } from '../../test/render';
import { userFixture } from '../auth/testing/gateway-stub';
import { gatewayError, stubGateway, type StubAnswer, type StubCall, type StubRoutes } from '../download/stub-gateway';
import { storageAt, usageFixture } from '../dash/home/home-fixtures';
import { savePendingSend, type PendingSend } from './pending-send';
import { QuickSendPanel } from './QuickSendPanel';
import { rememberVerifiedSender } from './VerifyStep';

const TRANSFER_ID = 'b7c1d2e3-4444-4555-8666-777788889999';
const SLUG = 'Qs12345';
const LINK = `http://localhost:3000/t/${SLUG}`;

function grant(name: string, size: number, i: number): TUploadGrant {
  return {
    fileId: `file-${i}`, name, size, region: 'oss-cn-hongkong', key: `u/x/${SLUG}/${name}`, uploadToken: `token-${i}`,
    single: { method: 'PUT', url: `http://storage.test/o/bucket/${name}?sig=${i}`, headers: {}, expiresAt: new Date(Date.now() + 3600_000).toISOString() },
  };
}

/** The gateway's answer to a draft: a grant for each file it names, in order. */
function created(call: StubCall): StubAnswer {
  const files = (call.body as { files: { name: string; size: number }[] }).files;
  const body: TCreatedTransfer = { id: TRANSFER_ID, slug: SLUG, url: LINK, status: 'uploading', uploads: files.map((f, i) => grant(f.name, f.size, i)), dropped: [], contacts: [] };
  return { status: 201, body };
}

/** Gateway and storage for a send that goes through; `extra` adds or replaces routes. */
function sendingGateway(extra: StubRoutes = {}) {
  const stored = new Map<string, string>();
  const gateway = stubGateway({
    'GET /api/v1/contacts': { status: 200, body: { items: [], total: 0 } },
    'POST /api/v1/transfers': created,
    'PUT /o/bucket/report.pdf': (call) => (stored.set('report.pdf', String(call.body)), { status: 200, headers: { etag: '"r"' } }),
    'PUT /o/bucket/photo.jpg': (call) => (stored.set('photo.jpg', String(call.body)), { status: 200, headers: { etag: '"p"' } }),
    [`POST /api/v1/transfers/${TRANSFER_ID}/complete`]: { status: 200, body: { slug: SLUG, url: LINK } },
    ...extra,
  });
  return { ...gateway, stored };
}

const report = () => new File(['quarterly numbers'], 'report.pdf', { type: 'application/pdf' });
const photo = () => new File(['jpeg bytes'], 'photo.jpg', { type: 'image/jpeg' });

function renderPanel(options: { user?: Partial<TUser>; addTo?: { slug: string }; onSendAnother?: () => void } = {}) {
  const store = createStore();
  if (options.user) store.dispatch(signedIn({ accessToken: 'token', user: userFixture(options.user) }));
  renderWithApp(
    <>
      <ToastRegion />
      <QuickSendPanel addTo={options.addTo} onSendAnother={options.onSendAnother} />
    </>,
    { store },
  );
  return userEvent.setup();
}

const sendButton = (name: 'Transfer' | 'Get Link') => screen.getByRole<HTMLButtonElement>('button', { name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QuickSendPanel', () => {
  // The upload code is its own chunk, imported when an upload starts: transformed once here, not within a test's time.
  beforeAll(async () => {
    await import('./upload-engine');
  });
  it('when a subscriber gets a link with a longer expiry and a password, then the files go straight to storage and the link is shown', async () => {
    const gateway = sendingGateway();
    const user = renderPanel({ user: { role: 'PRM' } });
    await user.upload(screen.getByTestId('qs-files'), [report(), photo()]);
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Transfer options' }));
    await user.click(screen.getByRole('tab', { name: 'Expiry' }));
    await user.selectOptions(screen.getByLabelText('Expires after'), '1 Month');
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    await user.type(screen.getByLabelText('Password for recipients'), 'open-sesame');
    expect(screen.getByText('Expires in 1 Month')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Password set')).toBeInstanceOf(HTMLElement);

    await user.click(sendButton('Get Link'));
    expect(await screen.findByRole('heading', { name: "You're all done!" })).toBeInstanceOf(HTMLElement);
    expect(screen.getByLabelText<HTMLInputElement>('Copy download link below').value).toBe(LINK);
    expect(gateway.callsTo('POST /api/v1/transfers')[0]?.body).toEqual({
      sendAs: 'link',
      files: [
        { name: 'report.pdf', size: 17, kind: 'file', contentType: 'application/pdf' },
        { name: 'photo.jpg', size: 10, kind: 'file', contentType: 'image/jpeg' },
      ],
      emailTo: [],
      password: 'open-sesame',
      expirySeconds: 2_629_746,
      lang: 'en',
    });
    expect(Object.fromEntries(gateway.stored)).toEqual({ 'report.pdf': 'quarterly numbers', 'photo.jpg': 'jpeg bytes' });
    expect(gateway.callsTo(`POST /api/v1/transfers/${TRANSFER_ID}/complete`)[0]?.body).toEqual({ uploads: [{ uploadToken: 'token-0' }, { uploadToken: 'token-1' }] });
    expect(localStorage.getItem('ferry.pendingSend')).toBeNull();
  });

  it('when files are added to a live transfer, then they go to it, nothing waits to resume, and Send another starts a blank form', async () => {
    const gateway = sendingGateway({ [`POST /api/v1/transfers/${SLUG}/files`]: created });
    const onSendAnother = vi.fn();
    const user = renderPanel({ user: { role: 'PRM' }, addTo: { slug: SLUG }, onSendAnother });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Add files to this transfer');
    await user.upload(screen.getByTestId('qs-files'), photo());
    await user.click(sendButton('Get Link'));

    expect(await screen.findByText('Your transfer has been updated.')).toBeInstanceOf(HTMLElement);
    expect(gateway.callsTo(`POST /api/v1/transfers/${SLUG}/files`)[0]?.body).toEqual({ files: [{ name: 'photo.jpg', size: 10, kind: 'file', contentType: 'image/jpeg' }] });
    expect(gateway.callsTo('POST /api/v1/transfers')).toEqual([]);
    expect(localStorage.getItem('ferry.pendingSend')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send Another?' }));
    expect(onSendAnother).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    expect(screen.getByText('0 item(s) · 0 B total · 25 GB remaining')).toBeInstanceOf(HTMLElement);
  });

  it('when an anonymous sender with a verified address mails the files, then chips, the typed address, sender and message go with the draft', async () => {
    const gateway = sendingGateway();
    rememberVerifiedSender('me@example.com');
    const user = renderPanel();
    await user.upload(screen.getByTestId('qs-files'), report());
    await user.type(screen.getByLabelText('Email to (Enter or , to seperate)'), 'ann@example.com{Enter}Bob@Example.com');
    await user.type(screen.getByLabelText('Your email'), 'Me@Example.com');
    await user.type(screen.getByLabelText('Message'), 'Numbers inside');

    await user.click(sendButton('Transfer'));
    expect(await screen.findByRole('heading', { name: "You're all done!" })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('ann@example.com')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(/and 1 other/)).toBeInstanceOf(HTMLElement);
    expect(gateway.callsTo('POST /api/v1/transfers')[0]?.body).toEqual({
      sendAs: 'email',
      files: [{ name: 'report.pdf', size: 17, kind: 'file', contentType: 'application/pdf' }],
      emailTo: [{ email: 'ann@example.com' }, { email: 'bob@example.com' }],
      senderEmail: 'me@example.com',
      message: 'Numbers inside',
      expirySeconds: 604_800,
      lang: 'en',
    });
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInstanceOf(HTMLElement);
  });

  it('when an anonymous sender is not verified yet, then a code is mailed and the verify step replaces the form', async () => {
    const gateway = sendingGateway({ 'POST /api/v1/auth/email-codes': { status: 204 } });
    const user = renderPanel();
    await user.upload(screen.getByTestId('qs-files'), report());
    await user.type(screen.getByLabelText('Email to (Enter or , to seperate)'), 'ann@example.com');
    await user.type(screen.getByLabelText('Your email'), 'new@example.com');
    await user.click(sendButton('Transfer'));

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInstanceOf(HTMLElement);
    expect(gateway.callsTo('POST /api/v1/auth/email-codes')[0]?.body).toEqual({ email: 'new@example.com', purpose: 'send', lang: 'en' });
    expect(gateway.callsTo('POST /api/v1/transfers')).toEqual([]);
  });

  it('when the form is incomplete, then Send stays inactive, says what is missing and sends nothing', async () => {
    const gateway = sendingGateway();
    const user = renderPanel();
    expect(sendButton('Transfer').getAttribute('aria-disabled')).toBe('true');
    await user.click(sendButton('Transfer'));
    await user.upload(screen.getByTestId('qs-files'), report());
    expect(screen.getByText('Add a valid recipient email')).toBeInstanceOf(HTMLElement);
    await user.type(screen.getByLabelText('Email to (Enter or , to seperate)'), 'ann@example.com{Enter}');
    expect(screen.getByText('Enter your email')).toBeInstanceOf(HTMLElement);
    await user.click(sendButton('Transfer'));
    expect(gateway.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove report.pdf' }));
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('when an anonymous sender picks Copy link, then the premium tour offers the 7-day trial', async () => {
    sendingGateway();
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Transfer options' }));
    await user.click(screen.getByRole('radio', { name: 'Copy link' }));
    const tour = screen.getByRole('alertdialog', { name: 'Copy link' });
    expect(within(tour).getByText('Hey, right now links are reserved for premium accounts.')).toBeInstanceOf(HTMLElement);
    expect(within(tour).getByRole('link', { name: 'Get 7-day trial' }).getAttribute('href')).toBe('/pricing?plan=PRM');
    await user.click(within(tour).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sendButton('Transfer')).toBeInstanceOf(HTMLElement);
  });

  it('when the server refuses the draft for too many recipients, then the tour offers the trial and the form stays', async () => {
    sendingGateway({ 'POST /api/v1/transfers': gatewayError(403, 'TOO_MANY_RECIPIENTS') });
    const user = renderPanel({ user: { role: 'Free' } });
    await user.upload(screen.getByTestId('qs-files'), report());
    await user.click(sendButton('Get Link'));
    const tour = await screen.findByRole('alertdialog', { name: 'Thats too many people' });
    expect(within(tour).getByRole('link', { name: 'Get 7-day trial' })).toBeInstanceOf(HTMLElement);
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('when a free account has sent its 10 transfers this month, then the blocked view replaces the form', async () => {
    sendingGateway({ 'POST /api/v1/transfers': gatewayError(403, 'MONTHLY_LIMIT_REACHED') });
    const user = renderPanel({ user: { role: 'Free' } });
    await user.upload(screen.getByTestId('qs-files'), report());
    await user.click(sendButton('Get Link'));
    expect(await screen.findByRole('heading', { name: "You've sent 10 transfers this month" })).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/dash/account/1');
  });

  it("when the server's usage says storage is full, then the storage-full screen replaces the form", async () => {
    sendingGateway({ 'GET /api/v1/me/usage': { status: 200, body: usageFixture({ storage: storageAt(100), blocked: { reason: 'storageFull', title: 'Your storage is now full', message: '', action: { label: 'Upgrade your plan', kind: 'upgrade' } } }) } });
    renderPanel({ user: { role: 'PRM', status: 'active' } });
    expect(await screen.findByRole('heading', { name: 'Your storage is now full' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByTestId('qs-files')).toBeNull();
  });

  it('when the upload is cancelled, then the progress view asks first and the transfer waits to be resumed, which finishes it', async () => {
    let failPut: (error: Error) => void = () => undefined;
    let puts = 0;
    sendingGateway({
      'PUT /o/bucket/report.pdf': () => {
        puts += 1;
        if (puts > 1) return { status: 200, headers: { etag: '"r"' } };
        return new Promise<StubAnswer>((_, reject) => {
          failPut = reject;
        });
      },
    });
    const user = renderPanel({ user: { role: 'PRM' } });
    await user.upload(screen.getByTestId('qs-files'), report());
    await user.click(sendButton('Get Link'));

    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('1 of 1 File(s)')).toBeInstanceOf(HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this transfer?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    act(() => failPut(new TypeError('aborted')));

    const banner = await screen.findByRole('region', { name: 'Resume your transfer' });
    expect(within(banner).getByText('Your files are ready to continue.')).toBeInstanceOf(HTMLElement);
    expect(JSON.parse(localStorage.getItem('ferry.pendingSend') ?? 'null')).toMatchObject({ transferId: TRANSFER_ID, slug: SLUG, sendAs: 'link' });
    await user.click(within(banner).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('heading', { name: "You're all done!" })).toBeInstanceOf(HTMLElement);
    expect(localStorage.getItem('ferry.pendingSend')).toBeNull();
  });

  it('when completing fails, then the tour says so and the transfer can be resumed', async () => {
    let completes = 0;
    sendingGateway({
      [`POST /api/v1/transfers/${TRANSFER_ID}/complete`]: () => {
        completes += 1;
        return completes === 1 ? gatewayError(409, 'TRANSFER_NOT_READY') : { status: 200, body: { slug: SLUG, url: LINK } };
      },
    });
    const user = renderPanel({ user: { role: 'PRM' } });
    await user.upload(screen.getByTestId('qs-files'), report());
    await user.click(sendButton('Get Link'));

    const tour = await screen.findByRole('alertdialog', { name: 'Could not send Data' });
    await user.click(within(tour).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('region', { name: 'Resume your transfer' })).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('heading', { name: "You're all done!" })).toBeInstanceOf(HTMLElement);
    expect(completes).toBe(2);
  });

  const leftOver = (): PendingSend => ({
    transferId: TRANSFER_ID, slug: SLUG, url: LINK, sendAs: 'link', recipients: [], createdAt: Date.now(),
    files: [{ key: 'report.pdf', name: 'report.pdf', size: 17, kind: 'file', grant: grant('report.pdf', 17, 0) }],
  });

  it('when a page reload left a transfer unfinished, then the same files picked again finish it', async () => {
    savePendingSend(leftOver());
    const gateway = sendingGateway();
    const user = renderPanel({ user: { role: 'PRM' } });
    const banner = screen.getByRole('region', { name: 'Resume your transfer' });
    expect(within(banner).getByText('Add the same file again to continue where the upload stopped.')).toBeInstanceOf(HTMLElement);
    expect(within(banner).getByRole('button', { name: 'Choose the files' })).toBeInstanceOf(HTMLElement);

    await user.upload(screen.getByTestId('qs-files'), report());
    expect(await screen.findByRole('heading', { name: "You're all done!" })).toBeInstanceOf(HTMLElement);
    expect(gateway.stored.get('report.pdf')).toBe('quarterly numbers');
    expect(gateway.callsTo('POST /api/v1/transfers')).toEqual([]);
    expect(localStorage.getItem('ferry.pendingSend')).toBeNull();
  });

  it('when a left-over transfer is discarded, then its uploads are aborted and it is forgotten', async () => {
    savePendingSend(leftOver());
    const gateway = sendingGateway({ 'POST /api/v1/storage/uploads/abort': { status: 204 } });
    const user = renderPanel({ user: { role: 'PRM' } });
    await user.click(within(screen.getByRole('region', { name: 'Resume your transfer' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Upload cancelled')).toBeInstanceOf(HTMLElement);
    expect(gateway.callsTo('POST /api/v1/storage/uploads/abort').map((c) => c.body)).toEqual([{ uploadToken: 'token-0' }]);
    expect(screen.queryByRole('region', { name: 'Resume your transfer' })).toBeNull();
    expect(localStorage.getItem('ferry.pendingSend')).toBeNull();
  });
});
