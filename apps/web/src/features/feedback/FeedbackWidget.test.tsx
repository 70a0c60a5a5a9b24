import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUser } from '@ferry/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../app/session.slice';
import { createStore } from '../../app/store';
import { dismissToast, showToast, ToastRegion } from '../../components/toasts';
import { renderWithApp } from '../../test/render';
import { gatewayError, stubGateway } from '../download/stub-gateway';
import { FeedbackTab } from './FeedbackTab';
import { FeedbackWidget } from './FeedbackWidget';

vi.mock('../../components/toasts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../components/toasts')>();
  return { ...original, showToast: vi.fn(original.showToast) };
});

const user = (loginCount: number): TUser => ({
  id: '5f0c1a52-7d1e-4c43-9a57-3f1f2b0c9d11', email: 'omar@dubai-trading.example', fullName: 'Omar', greetingName: null, company: null,
  profilePic: null, region: 'oss-me-east-1', role: 'Free', plan: 'Free', status: 'active', lang: 'en', loginCount, isTeamMember: false, parentAdmin: null,
  createdAt: new Date().toISOString(),
});

/** Renders the feedback tab (and the toasts), lets the 3.2 s pass on a fake clock and waits for the widget's code. */
async function renderWidget(options: { loginCount?: number; route?: string } = {}) {
  vi.useFakeTimers();
  const store = createStore();
  if (options.loginCount !== undefined) store.dispatch(signedIn({ accessToken: 'access.token.1', user: user(options.loginCount) }));
  const view = renderWithApp(
    <>
      <FeedbackTab />
      <ToastRegion />
    </>,
    { route: options.route ?? '/pricing', store },
  );
  act(() => vi.advanceTimersByTime(3_199));
  const beforeDelay = screen.queryByRole('button', { name: 'Feedback' });
  act(() => vi.advanceTimersByTime(1));
  vi.useRealTimers();
  await screen.findByRole('button', { name: 'Feedback' });
  return { ...view, beforeDelay };
}

beforeEach(() => {
  // Toasts live in a module-level list: the last test's thank-you must not answer for this one.
  for (const result of vi.mocked(showToast).mock.results) if (result.type === 'return') act(() => dismissToast(result.value));
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('FeedbackWidget', () => {
  it('appears 3.2 s after load; Send stays disabled until there is a comment; the rating and comment are sent with the page', async () => {
    const gateway = stubGateway({ 'POST /api/v1/feedback': { status: 202 } });
    const { beforeDelay } = await renderWidget({ route: '/d/AbC1234' });
    expect(beforeDelay).toBeNull();
    const tab = screen.getByRole('button', { name: 'Feedback' });
    expect(screen.queryByRole('dialog')).toBeNull();

    const u = userEvent.setup();
    await u.click(tab);
    const panel = within(screen.getByRole('dialog', { name: 'How are we doing?' }));
    const send = panel.getByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(send.disabled).toBe(true);
    await u.type(panel.getByLabelText('Comments'), '   ');
    expect(send.disabled).toBe(true);
    expect(panel.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Bad', 'Fine', 'Fantastic']);
    await u.click(panel.getByRole('radio', { name: 'Fantastic' }));
    await u.type(panel.getByLabelText('Comments'), 'Quick to Dubai');
    expect(send.disabled).toBe(false);
    await u.click(send);

    expect(await screen.findByText('We got your feedback!')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('We will get back to you, Thank you.')).toBeInstanceOf(HTMLElement);
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'We got your feedback!', ms: 7_500 }));
    expect(gateway.callsTo('POST /api/v1/feedback').map((c) => c.body)).toEqual([{ rating: 'fantastic', comment: 'Quick to Dubai', page: '/d/AbC1234' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['the server fails', () => stubGateway({ 'POST /api/v1/feedback': gatewayError(500, 'INTERNAL') })],
    [
      'the network is down',
      () =>
        vi.stubGlobal('fetch', async () => {
          throw new TypeError('Failed to fetch');
        }),
    ],
  ])('when %s, the visitor is still thanked', async (_case, stub) => {
    stub();
    await renderWidget();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Feedback' }));
    await u.type(screen.getByLabelText('Comments'), 'Hello');
    await u.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('We got your feedback!')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('We will get back to you, Thank you.')).toBeInstanceOf(HTMLElement);
  });

  it('opens by itself on the 3rd login (once), sends with the bearer and without asking for an email', async () => {
    const gateway = stubGateway({ 'POST /api/v1/feedback': { status: 202 } });
    const first = await renderWidget({ loginCount: 3 });
    const panel = within(screen.getByRole('dialog', { name: 'How are we doing?' }));
    expect(panel.queryByLabelText('Your email (optional)')).toBeNull();
    const u = userEvent.setup();
    await u.type(panel.getByLabelText('Comments'), 'Nice dashboard');
    await u.click(panel.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(gateway.callsTo('POST /api/v1/feedback')).toHaveLength(1));
    expect(gateway.calls[0]?.headers.get('authorization')).toBe('Bearer access.token.1');
    first.unmount();

    // A reload during the same login does not open it again.
    await renderWidget({ loginCount: 3 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([18, 35])('opens by itself on login %i', async (loginCount) => {
    stubGateway({});
    await renderWidget({ loginCount });
    expect(screen.getByRole('dialog')).toBeInstanceOf(HTMLElement);
  });

  it.each([1, 2, 4, 17])('stays closed on login %i', async (loginCount) => {
    stubGateway({});
    await renderWidget({ loginCount });
    expect(screen.getByRole('button', { name: 'Feedback' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Chinese', async () => {
    renderWithApp(<FeedbackWidget />, { lang: 'zh' });
    await userEvent.setup().click(screen.getByRole('button', { name: '反馈' }));
    expect(screen.getByRole('radio', { name: '非常棒' })).toBeInstanceOf(HTMLElement);
  });
});
