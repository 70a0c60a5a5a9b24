import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNotification, TUser } from '@ferry/contracts';
import { signedIn } from '../../app/session.slice';
import { createStore } from '../../app/store';
import { renderWithApp } from '../../test/render';
import { NotificationsBell } from './NotificationsBell';
import { notificationPath, unreadBadge } from './notifications.api';

const user = { id: 'u1', email: 'li@example.com', fullName: 'Li Na', role: 'free', status: 'active', loginCount: 1 } as TUser;
const note = (i: number, read = false): TNotification => ({
  _id: `n${i}`,
  slug: 'AbC1234',
  read,
  dlDate: '2026-11-20T08:30:00.000Z',
  dlCountryCode: 'AE',
  dlCountry: 'United Arab Emirates',
  dlCity: 'Dubai',
  receiverEmail: 'buyer@example.com',
  fileName: `invoice-${i}.pdf`,
  dlOrigin: 'download',
});

function gateway(items: TNotification[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (req: Request) => {
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      if (req.method === 'GET') {
        return new Response(JSON.stringify({ items, unread: items.filter((n) => !n.read).length, total: items.length }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      if (req.method === 'DELETE') items.splice(0, items.length);
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function Location() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

function renderBell() {
  const store = createStore();
  store.dispatch(signedIn({ accessToken: 'token', user }));
  return renderWithApp(
    <>
      <NotificationsBell />
      <Location />
    </>,
    { store, route: '/dash' },
  );
}

describe('the notifications bell', () => {
  it('caps the counter at 9+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
  });

  it("lists '{receiver} downloaded {file} from {city}' and clears all alerts", async () => {
    const calls = gateway(Array.from({ length: 12 }, (_, i) => note(i)));
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    expect(bell.textContent).toContain('9+');
    await userEvent.click(bell);
    expect(screen.getByText('buyer@example.com downloaded invoice-0.pdf from Dubai')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('POST /api/v1/notifications/read'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear all alerts' }));
    await waitFor(() => expect(calls).toContain('DELETE /api/v1/notifications'));
    expect(await screen.findByText("You're up to date")).toBeTruthy();
    expect(screen.getByText('No new notifications')).toBeTruthy();
  });

  it("when an entry is clicked, then it shows the country's flag and opens that transfer's modal", async () => {
    gateway([note(1)]);
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const entry = screen.getByRole('button', { name: /downloaded invoice-1\.pdf from Dubai/ });
    expect(within(entry).getByRole('img', { name: 'United Arab Emirates' }).className).toContain('country-flag--ae');
    expect(entry.textContent).not.toContain('AE');
    await userEvent.click(entry);
    expect(screen.getByRole('status', { name: 'Location' }).textContent).toBe('/dash/transfers/AbC1234');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('when files arrived on a request, then the entry opens the request', () => {
    expect(notificationPath({ dlOrigin: 'request', slug: 'Req1234' })).toBe('/dash/requests/Req1234');
    expect(notificationPath({ dlOrigin: 'download', slug: 'AbC1234' })).toBe('/dash/transfers/AbC1234');
  });
});
